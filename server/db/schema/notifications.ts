import { bigserial, bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The notification outbox: one row per event for one member (points received, a reward ready, a broadcast...),
 * written in the same transaction as what caused it; a job turns it into one delivery per channel and device the
 * member allows. `dedupe_key` keeps an event from being recorded twice (a nightly reminder run again).
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    user: text('user').notNull().references(() => users.name, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    dedupe_key: text('dedupe_key'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_events_dedupe_uq').on(t.kind, t.user, t.dedupe_key), index('notification_events_user_idx').on(t.user)],
);

/** One send of one event on one channel to one target (a push subscription, a LINE user): exactly once. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event_id: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** The push subscription's id, or the member's LINE user id. */
    target: text('target').notNull(),
    /** A UUID sent as LINE's X-Line-Retry-Key (and the push Topic's source): the same on every retry. */
    retry_key: uuid('retry_key').notNull().defaultRandom(),
    /** pending → sent | gone (the subscription no longer exists) | failed (refused, or given up after retries). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('notification_deliveries_uq').on(t.event_id, t.channel, t.target)],
);

/** A browser's Web Push subscription (one per member and device; the endpoint is unique to the browser). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user: text('user').notNull().references(() => users.name, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    user_agent: text('user_agent'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.user)],
);

/** What each member wants to hear about, per topic and channel, and whether quiet hours hold (defaults: all on). */
export const notificationSettings = pgTable('notification_settings', {
  user: text('user')
    .primaryKey()
    .references(() => users.name, { onDelete: 'cascade' }),
  /** { [topic]: { webpush?: boolean, line?: boolean } }: only what the member changed; the rest is the default. */
  topics: jsonb('topics').notNull().default({}),
  quiet_hours: boolean('quiet_hours').notNull().default(true),
  modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
});

/** Development LINE Messaging adapter: the pushes that would have been sent (refused in production). */
export const lineOutbox = pgTable('line_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  /** X-Line-Retry-Key of the push: the same delivery retried is kept once, as LINE does. */
  retry_key: text('retry_key').notNull().unique(),
  messages: jsonb('messages').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
