import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A client's webhook endpoint: the events it wants, and the secret its deliveries are signed with. The secret is kept
 * as it was answered (`whsec_…`), in plain text, as the server keeps every other secret it must use itself (the
 * installation secrets and generated VAPID private key in `settings`): a hash would not sign, and a key to encrypt
 * it with would sit in the same database or the same environment. It is answered once, when subscribed, and never
 * again (no list, no audit row, no log carries it).
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    name: text('name').primaryKey(),
    api_key: text('api_key').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** `gone` (a 410), `failing` (every retry of a delivery failed), `manager` (the back office). */
    disabled_reason: text('disabled_reason'),
    created_by: text('created_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_subscriptions_client_idx').on(t.api_key)],
);

/**
 * One event to one subscription: written with the change it reports (same transaction), sent by the delivery job.
 * `locked_by`/`locked_until` are a claim's lease: one instance sends a row at a time, and a row whose instance died
 * is taken up again once the lease has run out. The event id is shared by the event's deliveries and is the
 * `webhook-id` header of every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscription: text('subscription').notNull(),
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    customer: text('customer').notNull(),
    payload: jsonb('payload').notNull(),
    /** pending, delivered, failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }),
    last_attempt_at: timestamp('last_attempt_at', { withTimezone: true }),
    last_status: integer('last_status'),
    last_response: text('last_response'),
    locked_by: text('locked_by'),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_uq').on(t.subscription, t.event_id),
    index('webhook_deliveries_due_idx').on(t.next_attempt_at).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_member_idx').on(t.subscription, t.customer, t.id).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_subscription_idx').on(t.subscription, t.id),
  ],
);
