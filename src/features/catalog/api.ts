import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { frappe } from '@/lib/frappe';
import { today } from '../../../contracts/business-day';

/** A catalogue item as get_product_filter_data and the Item resource give it. */
export const ProductItemSchema = v.looseObject({
  name: v.string(),
  item_code: v.string(),
  item_name: v.string(),
  item_group: v.string(),
  website_image: v.optional(v.nullable(v.string()), null),
  desc: v.optional(v.nullable(v.string()), null),
  description: v.optional(v.nullable(v.string()), null),
  price_list_rate: v.optional(v.number(), 0),
  formatted_price: v.optional(v.string()),
  loyalty_points_based_price: v.optional(v.nullable(v.number()), null),
  item_schedule_start: v.optional(v.nullable(v.string()), null),
  item_schedule_end: v.optional(v.nullable(v.string()), null),
  tags: v.optional(v.nullable(v.array(v.string())), null),
  in_stock: v.optional(v.boolean(), true),
});
export type ProductItem = v.InferOutput<typeof ProductItemSchema>;

const ListAnswer = v.looseObject({
  items: v.array(ProductItemSchema),
  items_count: v.optional(v.number(), 0),
  start: v.optional(v.number(), 0),
});
export type ListAnswer = v.InferOutput<typeof ListAnswer>;

export const PAGE_LENGTH = 20;
export const GIFT = 'Gift';
export const GIFT_CARD = 'Gift Card';

export interface ListArgs {
  /** Only items in this item group. */
  itemGroup?: string;
  /** Only rewards (items priced in points). */
  rewardsOnly?: boolean;
}

export const catalogKeys = {
  all: ['catalog'] as const,
  list: (args: ListArgs) => ['catalog', 'list', args] as const,
  pages: (args: ListArgs) => ['catalog', 'pages', args] as const,
  item: (name: string) => ['catalog', 'item', name] as const,
  conditions: () => ['catalog', 'redeem-conditions'] as const,
};

function queryArgs(args: ListArgs, start: number) {
  return {
    item_group: args.itemGroup ?? '',
    field_filters: args.rewardsOnly ? { loyalty_points_based_price: 1 } : {},
    attribute_filters: {},
    start,
    from_filters: false,
  };
}

const fetchPage = (args: ListArgs, start: number, signal?: AbortSignal) =>
  frappe.call('erpnext.e_commerce.api.get_product_filter_data', { query_args: queryArgs(args, start) }, { signal, schema: ListAnswer });

/** The first page of a product list (the home carousels). */
export const productListQuery = (args: ListArgs) =>
  queryOptions({
    queryKey: catalogKeys.list(args),
    queryFn: ({ signal }) => fetchPage(args, 0, signal),
    staleTime: 5 * 60 * 1000,
  });

/** A product list page by page (/categories). */
export const productPagesQuery = (args: ListArgs) =>
  infiniteQueryOptions({
    queryKey: catalogKeys.pages(args),
    queryFn: ({ pageParam, signal }) => fetchPage(args, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length > 0 && loaded < last.items_count ? loaded : undefined;
    },
    staleTime: 5 * 60 * 1000,
  });

/** One item for the reward detail (Item over /api/resource). */
export const itemQuery = (name: string) =>
  queryOptions({
    queryKey: catalogKeys.item(name),
    queryFn: ({ signal }) => frappe.getDoc('Item', name, { signal, schema: ProductItemSchema }),
    staleTime: 5 * 60 * 1000,
  });

export const REDEEM_CONDITIONS = 'Condition of redeem items';

/** The general conditions under every reward (a single document: name, description). */
export const redeemConditionsQuery = () =>
  queryOptions({
    queryKey: catalogKeys.conditions(),
    queryFn: async ({ signal }) => {
      const doc = await frappe.getDoc(REDEEM_CONDITIONS, REDEEM_CONDITIONS, {
        signal,
        schema: v.looseObject({ name: v.string(), description: v.optional(v.string(), '') }),
      });
      return doc;
    },
    staleTime: 30 * 60 * 1000,
  });

/**
 * A card is hidden when the item has tags and they lack the selected display tag, or when both
 * schedule dates exist and now lies outside them (the end day counts in full).
 */
export function isCardVisible(item: Pick<ProductItem, 'tags' | 'item_schedule_start' | 'item_schedule_end'>, displayTag: string | undefined, now: Date = new Date()): boolean {
  if (displayTag && item.tags && item.tags.length > 0 && !item.tags.includes(displayTag)) return false;
  if (item.item_schedule_start && item.item_schedule_end) {
    const day = today(now);
    if (day < item.item_schedule_start.slice(0, 10) || day > item.item_schedule_end.slice(0, 10)) return false;
  }
  return true;
}

/** Where the redeem button of a reward goes: any group containing 'Gift' → gift checkout, else /checkout. */
export function redeemTarget(item: Pick<ProductItem, 'item_group' | 'item_code'>): { kind: 'gift'; itemCode: string } | { kind: 'checkout' } {
  return item.item_group.includes(GIFT) ? { kind: 'gift', itemCode: item.item_code } : { kind: 'checkout' };
}

