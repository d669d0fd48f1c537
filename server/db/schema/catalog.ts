import { boolean, date, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { docColumns } from './common';

export const items = pgTable(
  'items',
  {
    name: text('name').primaryKey(),
    item_code: text('item_code').notNull().unique(),
    item_name: text('item_name').notNull(),
    item_group: text('item_group').notNull(),
    website_image: text('website_image'),
    description: text('description').notNull().default(''),
    price_list_rate: numeric('price_list_rate', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    loyalty_points_based_price: integer('loyalty_points_based_price'),
    item_schedule_start: date('item_schedule_start', { mode: 'string' }),
    item_schedule_end: date('item_schedule_end', { mode: 'string' }),
    tags: text('tags').array().notNull().default([]),
    /** Marketing attributes used by the shop filters (type, size, colour). */
    attributes: text('attributes').array().notNull().default([]),
    popularity: integer('popularity').notNull().default(0),
    in_stock: boolean('in_stock').notNull().default(true),
    /** Units left (null: not counted). Orders take units inside their transaction; in_stock follows it. */
    stock_qty: integer('stock_qty'),
    /** Most units one member may ever order (null: no limit). */
    per_member_limit: integer('per_member_limit'),
    /** Tier names that may redeem the item (empty: every member). */
    eligible_tiers: text('eligible_tiers').array().notNull().default([]),
    published: boolean('published').notNull().default(true),
    ...docColumns(),
  },
  (t) => [index('items_group_idx').on(t.item_group)],
);
