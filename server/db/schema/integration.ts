import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The brand's own systems (a till, a web shop): each an API client with scopes and optionally one branch, signing
 * in with `token <api_key>:<secret>`. The secret is stored hashed; after a rotation the previous one keeps working
 * until `previous_valid_until`. A revoked client signs nobody in.
 */
export const apiClients = pgTable('api_clients', {
  api_key: text('api_key').primaryKey(),
  client_name: text('client_name').notNull(),
  scopes: text('scopes').array().notNull(),
  /** The one branch the client acts for; null: any branch it names. */
  branch: text('branch'),
  secret_hash: text('secret_hash').notNull(),
  previous_secret_hash: text('previous_secret_hash'),
  previous_valid_until: timestamp('previous_valid_until', { withTimezone: true }),
  created_by: text('created_by').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  rotated_at: timestamp('rotated_at', { withTimezone: true }),
  revoked_at: timestamp('revoked_at', { withTimezone: true }),
  last_used_at: timestamp('last_used_at', { withTimezone: true }),
});

/**
 * A receipt a client posted for points: one row per client, branch and receipt number (the unique index is what
 * makes a repeated or racing post award once), with the answer of the first post and what returns took back.
 */
export const integrationReceipts = pgTable(
  'integration_receipts',
  {
    id: serial('id').primaryKey(),
    client: text('client').notNull(),
    branch: text('branch').notNull(),
    receipt_no: text('receipt_no').notNull(),
    customer: text('customer').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    points: integer('points').notNull(),
    /** The ledger batch the receipt earned. */
    entry: text('entry').notNull(),
    /** The first post's answer, given again to every repeat. */
    answer: jsonb('answer').notNull(),
    /** Returns so far: baht returned, points they took back, and the part the member had already spent. */
    reversed_amount: numeric('reversed_amount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    reversed_points: integer('reversed_points').notNull().default(0),
    points_shortfall: integer('points_shortfall').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('integration_receipts_uq').on(t.client, t.branch, t.receipt_no), index('integration_receipts_customer_idx').on(t.customer)],
);

/**
 * Points held as payment at a till or a shop: while `held` they leave the member's spendable balance (the ledger is
 * untouched until a capture writes the redemption). Settled exactly once, by a conditional update: `captured`
 * (part or all), `released` by the client, or `expired` by the job once `expires_at` has passed.
 */
export const pointHolds = pgTable(
  'point_holds',
  {
    name: text('name').primaryKey(),
    client: text('client').notNull(),
    customer: text('customer').notNull(),
    branch: text('branch'),
    receipt_no: text('receipt_no').notNull(),
    points: integer('points').notNull(),
    status: text('status').notNull().default('held'),
    captured_points: integer('captured_points'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    settled_at: timestamp('settled_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('point_holds_held_idx').on(t.customer).where(sql`${t.status} = 'held'`),
    index('point_holds_expiry_idx').on(t.expires_at).where(sql`${t.status} = 'held'`),
  ],
);
