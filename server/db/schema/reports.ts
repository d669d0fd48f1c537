import { date, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The dashboard's daily snapshot, written once per finished Bangkok day by the snapshot job and never changed: a
 * range of past days is read by adding rows up, so the dashboard never scans the ledger for the past.
 */

/** Programme-wide figures at the end of a day. */
export const reportDaily = pgTable('report_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  members_total: integer('members_total').notNull(),
  new_members: integer('new_members').notNull(),
  /** Points live that day (the sum of every member's balance). */
  outstanding: integer('outstanding').notNull(),
  /** Members who earned or redeemed in the 30 and 90 days ending that day. */
  active_30: integer('active_30').notNull(),
  active_90: integer('active_90').notNull(),
  /** Members per tier as evaluated when the snapshot was taken ({"Silver": 10, "": 2}). */
  tiers: jsonb('tiers').notNull().default({}),
});

/** A day's point movements per branch ('' : rows with no branch, i.e. online and the back office). */
export const reportDailyBranches = pgTable(
  'report_daily_branches',
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
    active_30: integer('active_30').notNull(),
    active_90: integer('active_90').notNull(),
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
