import * as v from 'valibot';
import { boundedNumber, requiredText, yesNo } from './args';
import { isoDay } from './dates';

/**
 * Item (a reward or a product) as the back office writes it over /api/resource/Item (POST creates, PUT updates
 * the fields sent) and as the resource answers it. The item is named by its code, which never changes.
 */

export const ITEM_MESSAGES = {
  codeRequired: 'Item code is required',
  codeChars: 'Item code may contain only letters, digits, dots, hyphens and underscores',
  codeFixed: 'Item code cannot be changed; create a new item instead',
  nameRequired: 'Item name is required',
  groupRequired: 'Item group is required',
  tooLong: 'This field is too long',
  description: 'Description is too long',
  image: 'Image must be an uploaded file (/files/…) or an https address',
  price: 'Price must be a number from 0 to 10000000',
  points: 'Points price must be a whole number from 0 to 10000000',
  tags: 'Tags must be a list of at most 20 short texts',
  date: 'Dates must be real days (YYYY-MM-DD)',
  schedule: 'The schedule must not end before it starts',
  stock: 'Stock must be a whole number from 0 to 10000000',
  limit: 'The per-member limit must be a whole number from 1 to 10000',
  tiers: 'Tiers must be a list of tier names',
  unknownTier: 'Unknown tier',
  inUse: 'Orders refer to this item: unpublish it instead of deleting it',
} as const;

const M = ITEM_MESSAGES;

/** Uploaded files (upload_file answers /files/…), the app's own images, or an https address. */
export const isImageUrl = (s: string) =>
  (/^\/(files|images)\/[\p{L}\p{N}_.\-/]+$/u.test(s) && !s.includes('..')) || /^https:\/\/[^\s"'<>]+$/.test(s);

const money = v.pipe(
  v.union([v.number(M.price), v.pipe(v.string(M.price), v.trim(), v.regex(/^\d{1,8}(\.\d{1,2})?$/, M.price), v.transform(Number))], M.price),
  v.minValue(0, M.price),
  v.maxValue(10_000_000, M.price),
);
const day = v.optional(v.nullable(v.pipe(v.union([v.literal(''), isoDay(M.date)], M.date), v.transform((s) => s || null))));
const shortList = (message: string, max: number) =>
  v.pipe(v.array(v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, message)), message), v.maxLength(20, message));

const itemCode = v.pipe(requiredText(M.codeRequired, 140, M.tooLong), v.regex(/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u, M.codeChars));

/** An item's schedule: with both days set, it must not end before it starts. */
export const scheduleInOrder = (start?: string | null, end?: string | null) => !start || !end || start <= end;

/** Every field but the code may be sent on an update; a create needs code, name and group. */
const itemFields = {
  item_name: requiredText(M.nameRequired, 140, M.tooLong),
  item_group: requiredText(M.groupRequired, 140, M.tooLong),
  /** HTML, sanitised by the server on the way in. */
  description: v.optional(v.nullable(v.pipe(v.string(M.description), v.maxLength(50_000, M.description)))),
  website_image: v.optional(v.nullable(v.pipe(v.string(M.image), v.trim(), v.maxLength(500, M.image), v.check((s) => s === '' || isImageUrl(s), M.image)))),
  price_list_rate: v.optional(money),
  /** Points a member pays for one unit; an item with a points price is a reward. */
  loyalty_points_based_price: v.optional(v.nullable(boundedNumber(0, 10_000_000, M.points))),
  tags: v.optional(shortList(M.tags, 60)),
  item_schedule_start: day,
  item_schedule_end: day,
  published: v.optional(yesNo('published must be 0 or 1')),
  /** Only for items whose stock is not counted (stock_qty null); a counted item is in stock while units are left. */
  in_stock: v.optional(yesNo('in_stock must be 0 or 1')),
  /** Units left; null: not counted. */
  stock_qty: v.optional(v.nullable(boundedNumber(0, 10_000_000, M.stock))),
  /** Most units one member may order, over all their orders; null: no limit. */
  per_member_limit: v.optional(v.nullable(boundedNumber(1, 10_000, M.limit))),
  /** Tier names that may redeem it; empty: every member. */
  eligible_tiers: v.optional(shortList(M.tiers, 140)),
};

export const ItemCreateSchema = v.looseObject({ item_code: itemCode, ...itemFields });
export const ItemUpdateSchema = v.looseObject({
  item_code: v.optional(itemCode),
  ...Object.fromEntries(Object.entries(itemFields).map(([k, s]) => [k, v.optional(s)])) as {
    [K in keyof typeof itemFields]: v.OptionalSchema<(typeof itemFields)[K], undefined>;
  },
});
export type ItemCreate = v.InferInput<typeof ItemCreateSchema>;
export type ItemUpdate = v.InferInput<typeof ItemUpdateSchema>;

/** Fields a manager may send (anything else in the body is ignored). */
export const ITEM_WRITABLE = ['item_code', ...Object.keys(itemFields)] as readonly string[];

/** An Item as /api/resource/Item answers it: the catalogue's one item schema. */
export { ItemSchema as ItemDocSchema, type Item as ItemDoc } from './catalog';

/** Roles that manage the catalogue (System Manager may do anything). */
export const CATALOG_ADMIN_ROLES = ['Loyalty Manager', 'System Manager'] as const;
