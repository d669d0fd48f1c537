import * as v from 'valibot';
import type { ProductQuery } from './catalog-query';
import { doctypeContract, methodContract } from './contract';

/**
 * The catalogue as members and guests read it: erpnext.e_commerce.api.get_product_filter_data (a page of items,
 * its total and the facets) and the Item doctype. An item priced in points is a reward.
 */

export type { ProductQuery, Sort } from './catalog-query';

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
