import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jobs } from '../../db/schema/jobs';

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  kind: string;
  payload?: unknown;
  /** Idempotency: a job with the same key already there (done or not) means this one is not added. */
  key?: string;
  /** Not before this time; by default as soon as a runner is free. */
  runAt?: Date;
  maxAttempts?: number;
}

/** Adds jobs (inside the caller's transaction when given one); answers how many were new. */
export async function insertJobs(db: Executor, list: readonly NewJob[]): Promise<number> {
  if (list.length === 0) return 0;
  const rows = await db
    .insert(jobs)
    .values(
      list.map((j) => ({
        kind: j.kind,
        payload: j.payload ?? {},
        key: j.key ?? null,
        run_at: j.runAt ?? null,
        ...(j.maxAttempts ? { max_attempts: j.maxAttempts } : {}),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Claims up to `limit` due jobs of the given kinds for one claim token: pending ones whose time has come, and
 * running ones whose lease ran out (their instance died or hung). `FOR UPDATE SKIP LOCKED` lets several
 * instances claim at once without waiting on each other or taking the same row.
 */
export async function claimDue(
  db: Executor,
  opts: { kinds: readonly string[]; now: Date; leaseUntil: Date; token: string; limit: number },
): Promise<JobRow[]> {
  if (opts.kinds.length === 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, [...opts.kinds]),
        or(
          and(eq(jobs.status, 'pending'), or(isNull(jobs.run_at), lte(jobs.run_at, opts.now))),
          and(eq(jobs.status, 'running'), lt(jobs.locked_until, opts.now)),
        ),
      ),
    )
    .orderBy(sql`${jobs.run_at} asc nulls first`, asc(jobs.id))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, locked_by: opts.token, locked_until: opts.leaseUntil })
    .where(inArray(jobs.id, due))
    .returning();
}

/** Only the claim that still holds the job may settle it: a claim whose lease was taken over changes nothing. */
const heldBy = (id: number, token: string) => and(eq(jobs.id, id), eq(jobs.locked_by, token), eq(jobs.status, 'running'));

export async function finishJob(db: Executor, id: number, token: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', finished_at: now, locked_by: null, locked_until: null })
    .where(heldBy(id, token))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Back to pending at `runAt`; `countAttempt: false` when it was only postponed (quiet hours), not failed. */
export async function rescheduleJob(
  db: Executor,
  id: number,
  token: string,
  opts: { runAt: Date; error?: string; countAttempt: boolean },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'pending',
      run_at: opts.runAt,
      locked_by: null,
      locked_until: null,
      ...(opts.error !== undefined ? { last_error: opts.error.slice(0, 1000) } : {}),
      ...(opts.countAttempt ? {} : { attempts: sql`greatest(${jobs.attempts} - 1, 0)` }),
    })
    .where(heldBy(id, token))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function failJob(db: Executor, id: number, token: string, now: Date, error: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'failed', finished_at: now, last_error: error.slice(0, 1000), locked_by: null, locked_until: null })
    .where(heldBy(id, token))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Finished jobs older than `before` go (their keys were only needed while they could be enqueued again). */
export async function purgeFinished(db: Executor, status: 'done' | 'failed', before: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.status, status), lt(jobs.finished_at, before)))
    .returning({ id: jobs.id });
  return rows.length;
}

export async function jobsOfKind(db: Executor, kind: string): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(asc(jobs.id));
}
