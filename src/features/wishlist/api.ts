import { queryOptions } from '@tanstack/react-query';
import { frappe } from '@/lib/frappe';

export interface WishItem {
  name: string;
  item_code: string;
  item_name: string;
  website_image?: string | null;
  price_list_rate: number;
  formatted_price: string;
  loyalty_points_based_price?: number | null;
  in_stock?: boolean;
}

/** The wished items, fresh from the catalogue (price and stock as they are now). */
export const wishItemsQuery = (names: readonly string[]) =>
  queryOptions({
    queryKey: ['wishlist', 'items', [...names].sort()] as const,
    queryFn: async ({ signal }) => {
      if (names.length === 0) return [] as WishItem[];
      const data = await frappe.call<{ items: WishItem[] }>(
        'erpnext.e_commerce.api.get_product_filter_data',
        { query_args: { field_filters: { name: [...names] }, page_length: 100 } },
        { signal },
      );
      const byName = new Map(data.items.map((i) => [i.name, i]));
      return names.map((n) => byName.get(n)).filter((i): i is WishItem => Boolean(i));
    },
  });
