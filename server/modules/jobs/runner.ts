import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { BUSINESS_TIME_ZONE } from '../../../contracts/business-day';
import { claimDue, failJob, finishJob, insertJobs, rescheduleJob, type JobRow, type NewJob } from './repository';

/** Where the runner (and whatever decides by the hour, like quiet hours) reads the time: tests move it. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** Thrown by a job to be tried again later (after the backoff, or at `at`). Any other error does the same. */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly at?: Date,
  ) {
    super(message);
  }
}

/** Thrown by a job that can never succeed (a refused message, a missing row): no further attempt. */
export class GiveUp extends Error {}

/** What a job may answer instead of finishing: "not now, at this time" (does not count as an attempt). */
export interface Deferral {
  deferUntil: Date;
}

export interface JobContext<P> {
  db: Db;
  /** The runner's clock, read when the job started. */
  now: Date;
  clock: Clock;
  payload: P;
  job: JobRow;
  log: FastifyBaseLogger;
}

export interface JobDefinition<P = unknown> {
  kind: string;
  /** Checked before the job runs; a payload that does not match fails the job at once. */
  payload?: v.GenericSchema<unknown, P>;
  /** Milliseconds to wait after failed attempt number `attempt` (1, 2, ...). */
  backoff?: (attempt: number) => number;
  run(ctx: JobContext<P>): Promise<void | Deferral>;
  /** After the last attempt failed (or GiveUp): record the failure where the domain keeps it. */
  onGiveUp?(ctx: JobContext<P>, error: unknown): Promise<void>;
}

/** When a recurring job is due: every N seconds, or once a day at HH:MM Bangkok time. */
export type Schedule = { everySeconds: number } | { dailyAt: string };

/** 30 s, 1 min, 2 min, 4 min... at most an hour. */
export const defaultBackoff = (attempt: number) => Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60_000);

const BANGKOK_OFFSET_MS = 7 * 60 * 60_000; // Asia/Bangkok has no daylight saving time
if (BUSINESS_TIME_ZONE !== 'Asia/Bangkok') throw new Error('schedules assume the Bangkok business day');

/** The start of the schedule's slot that contains `now` (a job is enqueued once per slot, keyed by it). */
export function slotOf(schedule: Schedule, now: Date): Date {
  if ('everySeconds' in schedule) {
    const period = schedule.everySeconds * 1000;
    return new Date(Math.floor(now.getTime() / period) * period);
  }
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(schedule.dailyAt);
  if (!match) throw new Error(`dailyAt must be HH:MM, not ${schedule.dailyAt}`);
  const local = new Date(now.getTime() + BANGKOK_OFFSET_MS);
  const at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), Number(match[1]), Number(match[2]));
  const slotLocal = at <= local.getTime() ? at : at - 24 * 60 * 60_000;
  return new Date(slotLocal - BANGKOK_OFFSET_MS);
}

/** Adds a job from anywhere (a request's transaction, another job). Answers whether it was new (its key unused). */
export async function enqueueJob(db: Executor, job: NewJob): Promise<boolean> {
  return (await insertJobs(db, [job])) > 0;
}

export interface RunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  clock?: Clock;
  /** How long a claimed job is held before another instance may take it over (longer than any job runs). */
  leaseMs?: number;
  /** How often an idle runner looks for due jobs. */
  pollMs?: number;
  /** Jobs claimed and run together. */
  batchSize?: number;
}

/**
 * Runs the jobs of the kinds defined on it, from the `jobs` table, on every instance at once: each claim takes
 * rows with FOR UPDATE SKIP LOCKED under a lease, so a job runs on one instance at a time, and one whose
 * instance died is taken over when its lease runs out. Recurring jobs are enqueued once per slot (the slot's
 * key is unique), whichever instance gets there first.
 */
export class JobRunner {
  readonly clock: Clock;
  private readonly defs = new Map<string, JobDefinition<any>>();
  private readonly schedules: Array<{ kind: string; schedule: Schedule; payload: unknown; lastSlot?: number }> = [];
  private readonly instance = randomBytes(6).toString('hex');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(private readonly opts: RunnerOptions) {
    this.clock = opts.clock ?? systemClock;
  }

  define<P>(def: JobDefinition<P>): void {
    if (this.defs.has(def.kind)) throw new Error(`job kind defined twice: ${def.kind}`);
    this.defs.set(def.kind, def);
  }

  /** A recurring job: `kind` must be defined too. */
  every(kind: string, schedule: Schedule, payload: unknown = {}): void {
    slotOf(schedule, new Date()); // fails now on a malformed schedule
    this.schedules.push({ kind, schedule, payload });
  }

  get kinds(): string[] {
    return [...this.defs.keys()];
  }

  /** Enqueues the current slot of every recurring job (once per slot across all instances). */
  async enqueueScheduled(): Promise<void> {
    const now = this.clock();
    for (const s of this.schedules) {
      const slot = slotOf(s.schedule, now).getTime();
      if (s.lastSlot === slot) continue;
      await insertJobs(this.opts.db, [{ kind: s.kind, key: `${s.kind}@${new Date(slot).toISOString()}`, runAt: new Date(slot), payload: s.payload }]);
      s.lastSlot = slot;
    }
  }

  /** Claims and runs due jobs until none is left (or `max` ran); answers how many ran. */
  async runDue(max = 1000): Promise<number> {
    await this.enqueueScheduled();
    let ran = 0;
    while (ran < max) {
      const now = this.clock();
      const token = `${this.instance}:${randomBytes(6).toString('hex')}`;
      const batch = await claimDue(this.opts.db, {
        kinds: this.kinds,
        now,
        leaseUntil: new Date(now.getTime() + (this.opts.leaseMs ?? 120_000)),
        token,
        limit: Math.min(this.opts.batchSize ?? 10, max - ran),
      });
      if (batch.length === 0) break;
      await Promise.all(batch.map((job) => this.execute(job, token)));
      ran += batch.length;
    }
    return ran;
  }

  private async execute(job: JobRow, token: string): Promise<void> {
    const { db, log } = this.opts;
    const def = this.defs.get(job.kind)!;
    const now = this.clock();
    try {
      if (job.attempts > job.max_attempts) {
        await failJob(db, job.id, token, now, job.last_error ?? 'no attempts left');
        return;
      }
      let payload: unknown = job.payload;
      if (def.payload) {
        const parsed = v.safeParse(def.payload, job.payload);
        if (!parsed.success) throw new GiveUp(`payload does not match ${job.kind}: ${parsed.issues[0]?.message}`);
        payload = parsed.output;
      }
      const ctx: JobContext<unknown> = { db, now, clock: this.clock, payload, job, log };
      try {
        const outcome = await def.run(ctx);
        if (outcome && 'deferUntil' in outcome) await rescheduleJob(db, job.id, token, { runAt: outcome.deferUntil, countAttempt: false });
        else await finishJob(db, job.id, token, this.clock());
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (err instanceof GiveUp || job.attempts >= job.max_attempts) {
          log.warn({ kind: job.kind, job: job.id, attempts: job.attempts, err: message }, 'job failed for good');
          if (await failJob(db, job.id, token, this.clock(), message)) await def.onGiveUp?.(ctx, err);
          return;
        }
        const at = err instanceof RetryLater && err.at ? err.at : new Date(this.clock().getTime() + (def.backoff ?? defaultBackoff)(job.attempts));
        log.info({ kind: job.kind, job: job.id, attempts: job.attempts, err: message, at }, 'job will be retried');
        await rescheduleJob(db, job.id, token, { runAt: at, error: message, countAttempt: true });
      }
    } catch (err) {
      // The database itself failed: the lease runs out and the job is taken up again.
      log.error({ err, kind: job.kind, job: job.id }, 'job could not be settled');
    }
  }

  /** Polls for due jobs until stop(). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      this.running = this.runDue().catch((err: unknown) => this.opts.log.error({ err }, 'job runner tick failed'));
      await this.running;
      this.running = undefined;
      if (!this.stopped) this.timer = setTimeout(tick, this.opts.pollMs ?? 2000).unref();
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  /** Stops polling and waits for the jobs in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
