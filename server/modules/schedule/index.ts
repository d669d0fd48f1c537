import type { Db } from '../../db/client';
import type { ServerModule } from '../../frappe/module';
import { expirePoints, refreshTiers, writeReminders } from '../loyalty/jobs';
import { birthdayBonuses } from '../loyalty/bonuses';
import { cancelUnpaid, expireUncollected } from '../orders/lifecycle';
import { snapshotReports } from '../reports/service';

/**
 * The loyalty jobs: expiries, expiry reminders, uncollected rewards, unpaid purchases, birthday bonuses, tiers and
 * the reports' daily snapshot. Each is a plain `(db, now) => result` whose effects the data makes once (unique keys,
 * conditional updates, small transactions a crash leaves whole), so running them twice, or on two instances at the
 * same time, changes nothing the second time. They run on the shared job runner (server/modules/jobs) as one
 * recurring kind, every LOYALTY_JOBS_INTERVAL_SECONDS, with the runner's clock.
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

export type JobOutcome = { name: string; ok: boolean; result?: unknown; error?: string };

/** Runs every loyalty job once, in order; one that fails is reported and the next one still runs. */
export async function runLoyaltyJobs(db: Db, now: Date, jobs: Job[] = LOYALTY_JOBS): Promise<JobOutcome[]> {
  const out: JobOutcome[] = [];
  for (const job of jobs) {
    try {
      out.push({ name: job.name, ok: true, result: await job.run(db, now) });
    } catch (err) {
      out.push({ name: job.name, ok: false, error: (err as Error).message });
    }
  }
  return out;
}

export const LOYALTY_JOBS_KIND = 'loyalty.run';

export const scheduleModule: ServerModule = {
  name: 'schedule',
  routes(app, { config }) {
    app.jobs.define({
      kind: LOYALTY_JOBS_KIND,
      async run({ db, now, log }) {
        const failed = (await runLoyaltyJobs(db, now)).filter((o) => !o.ok);
        for (const f of failed) log.error({ job: f.name, error: f.error }, 'loyalty job failed');
        // The runner retries with backoff; what already succeeded is a no-op the second time.
        if (failed.length > 0) throw new Error(`loyalty jobs failed: ${failed.map((f) => f.name).join(', ')}`);
      },
    });
    if (config.jobsIntervalSeconds > 0) app.jobs.every(LOYALTY_JOBS_KIND, { everySeconds: config.jobsIntervalSeconds });
  },
};
