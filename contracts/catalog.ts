import * as v from 'valibot';
import { ProductFilterArgs } from './catalog-query';
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
 * ERPNext's `query_args` `{search, field_filters, attribute_filters, item_group, start, from_filters}` plus ours:
 * `sort` (`recommended`, `best_seller`, `popular`, `price_asc`, `price_desc`, `newest`), `price_min`/`price_max`,
 * `page_length` (20, at most 100), `with_filters` (facets). `field_filters` keys: `item_group`, `item_code`, `name`,
 * `tags`, `in_stock`, `loyalty_points_based_price` (1 = rewards only). `attribute_filters` `{type, size, colour:
 * [values]}` (any value within one, all together). `items_count` counts all matches; prices are in baht
 * (`formatted_price` '฿ 1,290.00'); each item also carries `stock_qty` (null: not counted), `per_member_limit` and
 * `eligible_tiers`. `query_args` may be a JSON string or an object, or ERPNext's keys may come at the top level.
 */
export const GET_PRODUCT_FILTER_DATA = methodContract(
  'erpnext.e_commerce.api.get_product_filter_data',
  ProductFilterArgs,
  ProductFilterDataAnswer,
);

/**
 * Item over /api/resource, named by its code: anyone reads published items, a Loyalty Manager every one. A Loyalty
 * Manager creates, updates and deletes them (`ItemCreateSchema` / `ItemUpdateSchema`): `description` is sanitised HTML;
 * `website_image` an `upload_file` address (`/files/…`) or https; the code never changes (`item_code_fixed`); tiers
 * must exist (`unknown_tier`); the schedule must not end before it starts (`invalid_schedule`); a counted stock sets
 * `in_stock`; the catalogue's page memory is dropped at once; audited. Only an item no order refers to can be deleted
 * (417 `item_in_use`: unpublish it instead).
 */
export const ITEM = doctypeContract('Item', ItemSchema, [
  'name', 'item_code', 'item_name', 'item_group', 'website_image', 'description', 'price_list_rate',
  'loyalty_points_based_price', 'item_schedule_start', 'item_schedule_end', 'tags', 'attributes', 'in_stock',
  'published', 'stock_qty', 'per_member_limit', 'eligible_tiers', 'creation', 'modified',
]);
