import { date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
     * What the row is to the balance: earn (a batch), redeem (spent on an order), adjust (a back-office
     * correction or an imported opening balance), and later expire, reverse and refund.
     */
    entry_type: text('entry_type').notNull().default('earn'),
    /** Where it came from: purchase | redemption | staff_award | welcome | adjustment | import */
    source: text('source').notNull(),
    /** Adjustments: one of the configured reasons, an internal note, and the line the member reads instead of the generic one. */
    reason: text('reason'),
    note: text('note'),
    member_text: text('member_text'),
    receipt_no: text('receipt_no'),
    staff_user: text('staff_user'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...docColumns(),
  },
  (t) => [index('lpe_customer_idx').on(t.customer), index('lpe_creation_idx').on(t.creation, t.name)],
);
