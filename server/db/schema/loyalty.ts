import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { docColumns } from './common';

export const loyaltyPrograms = pgTable('loyalty_programs', {
  name: text('name').primaryKey(),
  /** Baht spent per point earned (ERPNext collection rule: points = floor(amount / factor)). */
  collection_factor: numeric('collection_factor', { mode: 'number' }).notNull().default(25),
  /** Value of one point in baht when redeeming (ERPNext conversion_factor). */
  conversion_factor: numeric('conversion_factor', { mode: 'number' }).notNull().default(1),
  expiry_duration: integer('expiry_duration').notNull().default(365),
  ...docColumns(),
});

export const loyaltyTiers = pgTable('loyalty_tiers', {
  id: serial('id').primaryKey(),
  loyalty_program: text('loyalty_program').notNull(),
  tier_name: text('tier_name').notNull(),
  /** Lifetime points earned needed for the tier. */
  min_points: integer('min_points').notNull(),
  tier_thumbnail: text('tier_thumbnail'),
});

/** ERPNext-compatible Loyalty Point Entry: +earned batches with expiry, -redeemed rows against a batch. */
export const loyaltyPointEntries = pgTable(
  'loyalty_point_entries',
  {
    name: text('name').primaryKey(),
    customer: text('customer').notNull(),
    loyalty_program: text('loyalty_program').notNull(),
    loyalty_program_tier: text('loyalty_program_tier'),
    loyalty_points: integer('loyalty_points').notNull(),
    purchase_amount: numeric('purchase_amount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    expiry_date: date('expiry_date', { mode: 'string' }).notNull(),
    posting_date: date('posting_date', { mode: 'string' }).notNull(),
    invoice_type: text('invoice_type'),
    invoice: text('invoice'),
    redeem_against: text('redeem_against'),
    /**
     * What the row is to the balance (contracts/loyalty.ts ENTRY_TYPES): earn and bonus (batches), redeem,
     * adjust, expire (what was left of a batch on its expiry), reverse (points a refunded purchase had earned)
     * and refund (points of a cancelled order given back to the batch they came from).
     */
    entry_type: text('entry_type').notNull().default('earn'),
    /** Where it came from (contracts/loyalty.ts ENTRY_SOURCES): purchase, staff_award, redemption, expiry, ... */
    source: text('source').notNull(),
    /** The branch the row concerns (the till's, the order's, or the batch's for an expiry); null: online or back office. */
    branch: text('branch'),
    /**
     * What makes the row happen once: a job's or a bonus's key (`expire:<batch>`, `birthday:<customer>:<year>`,
     * `signup:<customer>`). A second writer of the same event fails on the unique index and writes nothing.
     */
    event_key: text('event_key'),
    /** Adjustments: one of the configured reasons, an internal note, and the line the member reads instead of the generic one. */
    reason: text('reason'),
    note: text('note'),
    member_text: text('member_text'),
    receipt_no: text('receipt_no'),
    staff_user: text('staff_user'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...docColumns(),
  },
  (t) => [
    // A member's rows in the history's order: the points screen reads a page backwards from its cursor (the
    // customer alone, for every other per-member read, is this index's first column).
    index('lpe_history_idx').on(t.customer, t.posting_date, t.created_at, t.name),
    index('lpe_creation_idx').on(t.creation, t.name),
    index('lpe_redeem_against_idx').on(t.redeem_against),
    index('lpe_invoice_idx').on(t.invoice),
    // The jobs find batches by their expiry day; the reports read a day's movements and a day's expiries.
    index('lpe_expiry_idx').on(t.expiry_date),
    index('lpe_posting_idx').on(t.posting_date),
    // Who was active (earned or redeemed) over a range of days, per branch: read from the index alone.
    index('lpe_activity_idx').on(t.posting_date, t.customer, t.branch).where(sql`${t.entry_type} in ('earn', 'redeem')`),
    uniqueIndex('lpe_event_key_uq').on(t.event_key),
  ],
);

/**
 * The programme's rules as dated versions (contracts/programme.ts): the version in effect on a day is the one with
 * the latest effective_from on or before it (the later written on the same day wins). Never updated or deleted:
 * a change is a new version, so what applied on any past day can always be read back.
 */
export const programmeRuleVersions = pgTable(
  'programme_rule_versions',
  {
    id: serial('id').primaryKey(),
    loyalty_program: text('loyalty_program').notNull(),
    effective_from: date('effective_from', { mode: 'string' }).notNull(),
    rules: jsonb('rules').notNull(),
    note: text('note'),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prv_program_idx').on(t.loyalty_program, t.effective_from, t.id)],
);

/**
 * Expiry reminders: one event per batch and reminder day (N days before the batch expires), with what was left of
 * the batch when it was written. The notification outbox delivers them; this table is what makes them once.
 */
export const pointExpiryReminders = pgTable(
  'point_expiry_reminders',
  {
    id: serial('id').primaryKey(),
    customer: text('customer').notNull(),
    batch: text('batch').notNull(),
    days_before: integer('days_before').notNull(),
    points: integer('points').notNull(),
    expiry_date: date('expiry_date', { mode: 'string' }).notNull(),
    /** The business day the reminder was written for. */
    remind_on: date('remind_on', { mode: 'string' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('per_batch_day_uq').on(t.batch, t.days_before), index('per_customer_idx').on(t.customer, t.expiry_date)],
);
