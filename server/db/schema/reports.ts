import { date, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The dashboard's daily snapshot: one row per finished Bangkok day and branch ('' = the whole programme), written
 * once by the snapshot job and never changed. Movements are that day's sums of the ledger by entry type; the
 * standing figures (members, outstanding points, tiers) are as at the end of the day. A range of days is read by
 * adding rows up, so the dashboard never scans the ledger for the past.
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    branch: text('branch').notNull(),
    issued: integer('issued').notNull(),
    redeemed: integer('redeemed').notNull(),
    refunded: integer('refunded').notNull(),
    expired: integer('expired').notNull(),
    adjusted: integer('adjusted').notNull(),
    reversed: integer('reversed').notNull(),
    /** Reward orders placed that day. */
    reward_orders: integer('reward_orders').notNull(),
    /** Members who earned or redeemed in the 30 and 90 days ending that day. */
    active_30: integer('active_30').notNull(),
    active_90: integer('active_90').notNull(),
    /** Programme-wide figures (branch ''; 0 on branch rows). */
    new_members: integer('new_members').notNull(),
    members_total: integer('members_total').notNull(),
    outstanding: integer('outstanding').notNull(),
    /** Members per tier at the end of the day ({"Silver": 10, "": 2}); branch '' only. */
    tiers: jsonb('tiers').notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.day, t.branch] })],
);

/** Reward units redeemed per day, branch and item, net of the ones cancelled that day (the top rewards). */
export const reportDailyRewards = pgTable(
  'report_daily_rewards',
  {
    day: date('day', { mode: 'string' }).notNull(),
    branch: text('branch').notNull(),
    item_code: text('item_code').notNull(),
    item_name: text('item_name').notNull(),
    units: integer('units').notNull(),
    points: integer('points').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.branch, t.item_code] })],
);
