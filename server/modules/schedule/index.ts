import type { Db } from '../../db/client';
import { expirePoints, refreshTiers, writeReminders } from '../loyalty/jobs';
import { birthdayBonuses } from '../loyalty/bonuses';
import { cancelUnpaid, expireUncollected } from '../orders/lifecycle';
import { snapshotReports } from '../reports/service';

/**
 * A minimal scheduler for the loyalty jobs: every `everySeconds` it runs each job once, in order, on this instance.
 * It guarantees nothing about once-ness and needs not: each job is a plain `(db, now) => result` whose effects the
 * data makes once (unique keys, conditional updates), so any number of instances may run it at the same time and a
 * shared job runner can take the same list as it is.
 */
export interface Job {
  name: string;
  run(db: Db, now: Date): Promise<unknown>;
}

/** In order: expiries before the reminders and the snapshot that read them; tiers after the bonuses that move them. */
export const LOYALTY_JOBS: Job[] = [
  { name: 'expire_points', run: expirePoints },
  { name: 'expiry_reminders', run: writeReminders },
  { name: 'expire_uncollected_rewards', run: expireUncollected },
  { name: 'cancel_unpaid_purchases', run: cancelUnpaid },
  { name: 'birthday_bonuses', run: birthdayBonuses },
  { name: 'refresh_tiers', run: refreshTiers },
  { name: 'report_snapshot', run: snapshotReports },
];

export interface Schedule {
  /** Runs every job once now (what each tick does); a job that fails is reported and the next one still runs. */
  tick(): Promise<{ name: string; ok: boolean; result?: unknown; error?: string }[]>;
  stop(): Promise<void>;
}

export function startSchedule(db: Db, opts: { everySeconds: number; clock?: () => Date; jobs?: Job[]; onError?: (job: string, err: unknown) => void }): Schedule {
  const clock = opts.clock ?? (() => new Date());
  const jobs = opts.jobs ?? LOYALTY_JOBS;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = async () => {
    const out: Awaited<ReturnType<Schedule['tick']>> = [];
    for (const job of jobs) {
      if (stopped) break;
      try {
        out.push({ name: job.name, ok: true, result: await job.run(db, clock()) });
      } catch (err) {
        opts.onError?.(job.name, err);
        out.push({ name: job.name, ok: false, error: (err as Error).message });
      }
    }
    return out;
  };
  // One tick at a time on this instance: a tick still running when the next is due is not doubled.
  const fire = () => {
    if (running || stopped) return;
    running = tick().finally(() => (running = null));
  };
  const timer = opts.everySeconds > 0 ? setInterval(fire, opts.everySeconds * 1000) : null;
  timer?.unref();
  if (timer) setTimeout(fire, 1000).unref();
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
