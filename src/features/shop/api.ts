import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { frappe } from '@/lib/frappe';
import type { ShopSearch } from './search';

/** A catalogue item as get_product_filter_data answers it. */
export interface ShopItem {
  name: string;
  item_code: string;
  item_name: string;
  item_group: string;
  website_image?: string | null;
  price_list_rate: number;
  formatted_price: string;
  loyalty_points_based_price?: number | null;
  tags?: string[];
  attributes?: string[];
  in_stock?: boolean;
}

interface FilterData {
  items: ShopItem[];
  items_count: number;
  start: number;
  filters?: unknown;
}

const PAGE = 24;

/** The query_args for the shop grid: ordinary products (not point rewards) with the member's filters. */
export function shopQueryArgs(s: ShopSearch) {
  const attribute_filters: Record<string, string[]> = {};
  if (s.type?.length) attribute_filters.type = s.type;
  if (s.size?.length) attribute_filters.size = s.size;
  if (s.colour?.length) attribute_filters.colour = s.colour;
  return {
    field_filters: { loyalty_points_based_price: 0 },
    attribute_filters,
    search: s.search || undefined,
    sort: s.sort ?? 'recommended',
    price_min: s.price_min,
    price_max: s.price_max,
    page_length: PAGE,
  };
}

const filterData = (queryArgs: object, signal?: AbortSignal) =>
  frappe.call<FilterData>('erpnext.e_commerce.api.get_product_filter_data', { query_args: queryArgs }, { signal });

export const shopKeys = {
  all: ['shop'] as const,
  grid: (s: ShopSearch) => ['shop', 'grid', s] as const,
  items: (codes: readonly string[]) => ['shop', 'items', [...codes].sort()] as const,
};

export const shopGridQuery = (s: ShopSearch) =>
  infiniteQueryOptions({
    queryKey: shopKeys.grid(s),
    queryFn: ({ pageParam, signal }) => filterData({ ...shopQueryArgs(s), start: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.start + last.items.length < last.items_count ? last.start + last.items.length : undefined),
  });

/** Items by name (the compare page, the wishlist): any group, in the order asked. */
export const itemsByNameQuery = (names: readonly string[]) =>
  queryOptions({
    queryKey: shopKeys.items(names),
    queryFn: async ({ signal }) => {
      if (names.length === 0) return [];
      const data = await filterData({ field_filters: { name: [...names] }, page_length: 100 }, signal);
      const byName = new Map(data.items.map((i) => [i.name, i]));
      return names.map((n) => byName.get(n)).filter((i): i is ShopItem => Boolean(i));
    },
  });

/** How many filters are set (the badge on the filter buttons). */
export const activeFilterCount = (s: ShopSearch) =>
  (s.type?.length ?? 0) + (s.size?.length ?? 0) + (s.colour?.length ?? 0) + (s.price_min !== undefined || s.price_max !== undefined ? 1 : 0);
