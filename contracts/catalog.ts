import * as v from 'valibot';
import { numeric, offsetArg } from './args';
import { doctypeContract, methodContract } from './contract';

/**
 * The catalogue as members and guests read it: erpnext.e_commerce.api.get_product_filter_data (a page of items,
 * its total and the facets) and the Item doctype. An item priced in points is a reward.
 */

export const SORTS = ['recommended', 'best_seller', 'popular', 'price_asc', 'price_desc', 'newest'] as const;
export type Sort = (typeof SORTS)[number];

export const DEFAULT_PAGE_LENGTH = 20;
export const MAX_PAGE_LENGTH = 100;

const stringOrList = v.union([
  v.pipe(v.string(), v.maxLength(200)),
  v.pipe(v.array(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), v.maxLength(200)),
]);
const truthy = v.pipe(
  v.union([v.boolean(), v.number(), v.string()]),
  v.transform((x) => x === true || x === 1 || x === '1' || x === 'true'),
);

/** query_args: ERPNext's keys, plus ours (sort, price range, page length, facets). */
export const ProductQueryArgs = v.object({
  search: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
  /** item_group, item_code, name, tags, in_stock, loyalty_points_based_price (1: rewards only, 0: the rest). */
  field_filters: v.optional(v.nullable(v.record(v.string(), v.unknown()))),
  /** {type, size, colour: [values]}: any value within one attribute, every attribute together. */
  attribute_filters: v.optional(v.nullable(v.record(v.pipe(v.string(), v.maxLength(60)), stringOrList))),
  item_group: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(140)))),
  start: v.optional(v.nullable(offsetArg())),
  from_filters: v.optional(v.nullable(truthy)),
  sort: v.optional(v.nullable(v.picklist(SORTS, `sort must be one of ${SORTS.join(', ')}`))),
  price_min: v.optional(v.nullable(numeric())),
  price_max: v.optional(v.nullable(numeric())),
  page_length: v.optional(v.nullable(v.pipe(numeric(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGE_LENGTH)))),
  with_filters: v.optional(v.nullable(truthy)),
});
export type ProductQuery = v.InferInput<typeof ProductQueryArgs>;

const text = v.optional(v.nullable(v.string()), null);

/**
 * An item as the list gives it (a web item) and as /api/resource/Item gives it (which leaves nulls out and has
 * `description` where the list has `desc`).
 */
export const ItemSchema = v.looseObject({
  name: v.string(),
  item_code: v.string(),
  item_name: v.string(),
  item_group: v.string(),
  website_image: text,
  desc: text,
  description: text,
  price_list_rate: v.optional(v.number(), 0),
  /** '฿ 1,290.00': the list has it, a single Item read does not. */
  formatted_price: v.optional(v.string()),
  loyalty_points_based_price: v.optional(v.nullable(v.number()), null),
  item_schedule_start: text,
  item_schedule_end: text,
  tags: v.optional(v.nullable(v.array(v.string())), null),
  attributes: v.optional(v.nullable(v.array(v.string())), null),
  in_stock: v.optional(v.boolean(), true),
  /** Units left; null: not counted. */
  stock_qty: v.optional(v.nullable(v.number()), null),
  per_member_limit: v.optional(v.nullable(v.number()), null),
  eligible_tiers: v.optional(v.nullable(v.array(v.string())), null),
  published: v.optional(v.boolean()),
  creation: v.optional(v.string()),
  modified: v.optional(v.string()),
});
export type Item = v.InferOutput<typeof ItemSchema>;

export const ProductFilterDataAnswer = v.looseObject({
  items: v.array(ItemSchema),
  items_count: v.optional(v.number(), 0),
  start: v.optional(v.number(), 0),
  /** With `with_filters`: the attribute values and the price range of the matching items. */
  filters: v.optional(v.unknown()),
});
export type ProductPage = v.InferOutput<typeof ProductFilterDataAnswer>;

/**
 * The service reads query_args itself (a JSON string or an object, or ERPNext's keys at the top level), so the
 * argument is only typed here; ProductQueryArgs checks it there.
 */
export const GET_PRODUCT_FILTER_DATA = methodContract(
  'erpnext.e_commerce.api.get_product_filter_data',
  v.looseObject({ query_args: v.optional(v.custom<ProductQuery | string>(() => true)) }),
  ProductFilterDataAnswer,
);

export const ITEM = doctypeContract('Item', ItemSchema);
