import type { ServerModule } from '../../frappe/module';
import { purgeFinished } from './repository';

/**
 * Background jobs on the database, for every domain: notification delivery now; expiry, reminders, uncollected
 * rewards, unpaid purchases and daily snapshots later. A domain defines its kinds on `app.jobs` (runner.ts) in
 * its module's `routes` hook, enqueues with `enqueueJob(tx, …)` inside its own transaction, and may add a
 * recurring slot with `app.jobs.every(kind, { dailyAt: '02:00' })`.
 *
 * Why our own runner: it must run on PGlite (the default, one embedded database) and on PostgreSQL with several
 * instances, on Node 20. pg-boss 12 needs Node 22.12+. graphile-worker 0.18 needs Node 22.18+; its last Node 20
 * line (0.16.6) needs a pg Pool plus a LISTEN connection, which PGlite only gets through
 * @electric-sql/pglite-socket: with one connection its worker dies at once ("Connection terminated
 * unexpectedly"); with the socket's multiplexer (maxConnections 20) a job did run. That path means a TCP
 * listener beside every PGlite start, a socket package that pins another PGlite version (0.5.14; we run 0.5.16),
 * a second schema migrated outside drizzle, and the database's clock for scheduling. Jobs here are one table:
 * - a claim is one UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) with a lease and a claim token; only the
 *   claim holding the token may settle the job, and a lease that runs out (instance died) is taken over;
 * - `key` makes enqueueing idempotent (an event's fan-out, a recurring job's slot), so N instances enqueue and
 *   run a slot once;
 * - a failed attempt is retried with exponential backoff up to `max_attempts`, then the job is `failed` and its
 *   kind's `onGiveUp` records it; a job may also postpone itself (quiet hours) without spending an attempt;
 * - the clock is injected (buildApp's `clock`), so tests run "at 03:00" or "a day later" without waiting.
 * Delivery is at least once at this level (an instance can die between sending and recording): each kind makes
 * its effect idempotent (notification deliveries are recorded per event, channel and target, and LINE gets a
 * retry key).
 */

const DAY_MS = 24 * 60 * 60_000;

export const jobsModule: ServerModule = {
  name: 'jobs',
  routes(app) {
    // Finished jobs are kept a week (failed ones a month, to look into), then purged.
    app.jobs.define({
      kind: 'jobs.purge',
      async run({ db, now }) {
        await purgeFinished(db, 'done', new Date(now.getTime() - 7 * DAY_MS));
        await purgeFinished(db, 'failed', new Date(now.getTime() - 30 * DAY_MS));
      },
    });
    app.jobs.every('jobs.purge', { dailyAt: '03:30' });
  },
};

export { enqueueJob, GiveUp, JobRunner, RetryLater, slotOf, systemClock, type Clock, type JobDefinition, type Schedule } from './runner';
