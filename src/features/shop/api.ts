import { itemPagesQuery, type ProductQuery } from '@/entities/items';
import type { ShopSearch } from './search';

export { itemsByNameQuery, type Item } from '@/entities/items';

const PAGE = 24;

/** The query_args for the shop grid: ordinary products (not point rewards) with the member's filters. */
export function shopQueryArgs(s: ShopSearch): ProductQuery {
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

/** The shop grid, page after page. */
export const shopGridQuery = (s: ShopSearch) => itemPagesQuery(shopQueryArgs(s));
