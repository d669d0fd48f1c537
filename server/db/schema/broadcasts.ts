import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Campaign broadcasts sent from the back office: what was sent, to which segment, by whom, and how many members it
 * reached. Each member's notification is a `campaign` row of notification_events whose dedupe_key names the
 * broadcast, so a broadcast never queues twice for a member. `request_key` is the sender's Idempotency-Key: the
 * same key from the same manager is the same broadcast, even after the idempotency record has expired.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sent_by: text('sent_by').notNull(),
    /** The role the manager acted in. */
    role: text('role').notNull(),
    request_key: text('request_key').notNull(),
    segment: jsonb('segment').notNull().default({}),
    /** { th, en } */
    title: jsonb('title').notNull(),
    body: jsonb('body').notNull(),
    url: text('url'),
    members: integer('members').notNull(),
    webpush: integer('webpush').notNull(),
    line: integer('line').notNull(),
    queued: integer('queued').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('broadcasts_request_uq').on(t.sent_by, t.request_key), index('broadcasts_created_idx').on(t.created_at, t.id)],
);
