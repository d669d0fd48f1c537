import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Background jobs run by server/modules/jobs (every instance polls; a job is claimed by one of them at a time).
 * `key` makes enqueueing idempotent: a second job with the same key is not added (an event's fan-out, a daily
 * run's slot). `run_at` null means "as soon as possible", so a job enqueued inside a request's transaction does
 * not depend on whose clock wrote it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key'),
    payload: jsonb('payload').notNull().default({}),
    /** pending → running → done | failed (given up after max_attempts). */
    status: text('status').notNull().default('pending'),
    run_at: timestamp('run_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(8),
    /** The claim's token: only the claim that holds it may finish the job (a lease that ran out is taken over). */
    locked_by: text('locked_by'),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('jobs_key_uq').on(t.key), index('jobs_due_idx').on(t.status, t.run_at)],
);
