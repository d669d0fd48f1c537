import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callMethod, getDocOf } from '@/lib/api';
import { GET_PRODUCT_FILTER_DATA, ITEM, type Item, type ProductPage, type ProductQuery } from '../../../contracts/catalog';
import { REDEEM_CONDITIONS } from '../../../contracts/documents';

export type { Item, ProductPage, ProductQuery } from '../../../contracts/catalog';

/**
 * The catalogue: every screen that lists, finds or shows items (the home's carousels, /categories, the shop, the
 * cart, the wishlist, the reward screens) reads it through these, with one item type.
 */

const sorted = (values: readonly string[]) => [...values].sort();

export const itemKeys = {
  all: ['items'] as const,
  page: (query: ProductQuery) => ['items', 'page', query] as const,
  pages: (query: ProductQuery) => ['items', 'pages', query] as const,
  byName: (names: readonly string[]) => ['items', 'by-name', sorted(names)] as const,
  byCode: (codes: readonly string[]) => ['items', 'by-code', sorted(codes)] as const,
  item: (name: string) => ['items', 'item', name] as const,
  redeemConditions: () => ['items', 'redeem-conditions'] as const,
};

const FIVE_MINUTES = 5 * 60 * 1000;

/** One page of get_product_filter_data. */
export const fetchItems = (query: ProductQuery, signal?: AbortSignal): Promise<ProductPage> =>
  callMethod(GET_PRODUCT_FILTER_DATA, { query_args: query }, { signal });

/** The first page of a list (the home's carousels, the reward screens). */
export const itemPageQuery = (query: ProductQuery) =>
  queryOptions({
    queryKey: itemKeys.page(query),
    queryFn: ({ signal }) => fetchItems(query, signal),
    staleTime: FIVE_MINUTES,
    meta: { persist: 'idb' },
  });

/** A list page after page (/categories, the shop's grid): `start` is the offset of each page. */
export const itemPagesQuery = (query: Omit<ProductQuery, 'start'>, opts: { staleTime?: number } = {}) =>
  infiniteQueryOptions({
    queryKey: itemKeys.pages(query),
    queryFn: ({ pageParam, signal }) => fetchItems({ ...query, start: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ProductPage, pages: ProductPage[]) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length > 0 && loaded < last.items_count ? loaded : undefined;
    },
    staleTime: opts.staleTime,
    meta: { persist: 'idb' },
  });

/** Items by a key field, in the order asked (missing ones left out): one request whatever the count. */
function itemsBy(field: 'name' | 'item_code', values: readonly string[], signal?: AbortSignal): Promise<Item[]> {
  if (values.length === 0) return Promise.resolve([]);
  return fetchItems({ field_filters: { [field]: [...values] }, start: 0, page_length: 100 }, signal).then((page) => {
    const byKey = new Map(page.items.map((i) => [i[field], i]));
    return values.map((value) => byKey.get(value)).filter((i): i is Item => Boolean(i));
  });
}

/** Items by name, fresh from the catalogue (the wishlist, the compare page): price and stock as they are now. */
export const itemsByNameQuery = (names: readonly string[]) =>
  queryOptions({
    queryKey: itemKeys.byName(names),
    queryFn: ({ signal }) => itemsBy('name', names, signal),
    meta: { persist: 'idb' },
  });

/** The catalogue entries of the codes in the cart. */
export const itemsByCodeQuery = (codes: readonly string[]) =>
  queryOptions({
    queryKey: itemKeys.byCode(codes),
    queryFn: ({ signal }) => itemsBy('item_code', codes, signal),
    staleTime: 60 * 1000,
    meta: { persist: 'idb' },
  });

/** One item (Item over /api/resource; an item is named by its code). */
export const itemQuery = (name: string) =>
  queryOptions({
    queryKey: itemKeys.item(name),
    queryFn: ({ signal }) => getDocOf(ITEM, name, { signal }),
    staleTime: FIVE_MINUTES,
    meta: { persist: 'idb' },
  });

/** The general conditions under every reward (a single document). */
export const redeemConditionsQuery = () =>
  queryOptions({
    queryKey: itemKeys.redeemConditions(),
    queryFn: ({ signal }) => getDocOf(REDEEM_CONDITIONS, REDEEM_CONDITIONS.doctype, { signal }),
    staleTime: 30 * 60 * 1000,
    meta: { persist: 'idb' },
  });

/**
 * Where redeeming an item leads: an item whose group contains 'Gift' ('Gift', 'Gift Card') is redeemed at the gift
 * checkout with points; any other item goes through the ordinary checkout. The server takes any all-reward order as
 * a gift redemption, whatever the group.
 */
export function redeemTarget(item: Pick<Item, 'item_group' | 'item_code'>): { kind: 'gift'; itemCode: string } | { kind: 'checkout' } {
  return item.item_group.includes('Gift') ? { kind: 'gift', itemCode: item.item_code } : { kind: 'checkout' };
}

/** An item priced in points is a reward. */
export const isReward = (item: Pick<Item, 'loyalty_points_based_price'>) => (item.loyalty_points_based_price ?? 0) > 0;
