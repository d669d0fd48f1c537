import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../support/server';
import { openDatabase, type Database } from '../../../server/db/client';
import { enqueueJob, GiveUp, JobRunner, slotOf } from '../../../server/modules/jobs/index';
import { claimDue, jobsOfKind } from '../../../server/modules/jobs/repository';

const quiet = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return quiet; } } as unknown as FastifyBaseLogger;

/** A clock the test moves by hand. */
function manualClock(start: string) {
  let now = new Date(start);
  const clock = () => new Date(now);
  return Object.assign(clock, { set: (iso: string) => (now = new Date(iso)), advance: (ms: number) => (now = new Date(now.getTime() + ms)) });
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('job runner', () => {
  it('runs a job once; the same key enqueued again adds nothing', async () => {
    const clock = manualClock('2026-06-01T03:00:00Z');
    const runner = new JobRunner({ db: server.database.db, log: quiet, clock });
    const seen: string[] = [];
    runner.define<{ n: string }>({ kind: 'test.once', run: async ({ payload }) => void seen.push(payload.n) });
    expect(await enqueueJob(server.database.db, { kind: 'test.once', key: 'once:1', payload: { n: 'a' } })).toBe(true);
    expect(await enqueueJob(server.database.db, { kind: 'test.once', key: 'once:1', payload: { n: 'b' } })).toBe(false);
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual(['a']);
    const [row] = await jobsOfKind(server.database.db, 'test.once');
    expect(row).toMatchObject({ status: 'done', attempts: 1, locked_by: null });
  });

  it('retries a failing job with growing backoff on the injected clock, then gives up and reports it', async () => {
    const clock = manualClock('2026-06-01T03:00:00Z');
    const runner = new JobRunner({ db: server.database.db, log: quiet, clock });
    let calls = 0;
    const givenUp: string[] = [];
    runner.define({
      kind: 'test.flaky',
      run: async () => {
        calls += 1;
        throw new Error(`down ${calls}`);
      },
      onGiveUp: async (_ctx, err) => void givenUp.push((err as Error).message),
    });
    await enqueueJob(server.database.db, { kind: 'test.flaky', maxAttempts: 3 });
    expect(await runner.runDue()).toBe(1);
    let [row] = await jobsOfKind(server.database.db, 'test.flaky');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'down 1' });
    expect(row!.run_at!.toISOString()).toBe('2026-06-01T03:00:30.000Z'); // 30 s after the first failure

    expect(await runner.runDue()).toBe(0); // not due yet
    clock.advance(30_000);
    expect(await runner.runDue()).toBe(1);
    [row] = await jobsOfKind(server.database.db, 'test.flaky');
    expect(row!.run_at!.toISOString()).toBe('2026-06-01T03:01:30.000Z'); // then 60 s
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    [row] = await jobsOfKind(server.database.db, 'test.flaky');
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'down 3' });
    expect(givenUp).toEqual(['down 3']);
    clock.advance(24 * 3600_000);
    expect(await runner.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('GiveUp ends a job at once; a deferral postpones it without spending an attempt', async () => {
    const clock = manualClock('2026-06-01T03:00:00Z');
    const runner = new JobRunner({ db: server.database.db, log: quiet, clock });
    runner.define({ kind: 'test.refused', run: async () => Promise.reject(new GiveUp('never')) });
    let deferred = 0;
    runner.define({
      kind: 'test.later',
      run: async ({ now }) => (deferred++ === 0 ? { deferUntil: new Date(now.getTime() + 5 * 3600_000) } : undefined),
    });
    await enqueueJob(server.database.db, { kind: 'test.refused' });
    await enqueueJob(server.database.db, { kind: 'test.later' });
    expect(await runner.runDue()).toBe(2);
    expect((await jobsOfKind(server.database.db, 'test.refused'))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    let [later] = await jobsOfKind(server.database.db, 'test.later');
    expect(later).toMatchObject({ status: 'pending', attempts: 0 });
    expect(later!.run_at!.toISOString()).toBe('2026-06-01T08:00:00.000Z');
    clock.set('2026-06-01T08:00:00Z');
    expect(await runner.runDue()).toBe(1);
    [later] = await jobsOfKind(server.database.db, 'test.later');
    expect(later).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('a job whose claim was abandoned (instance died) is taken over when the lease runs out; the old claim settles nothing', async () => {
    const clock = manualClock('2026-06-01T03:00:00Z');
    const runner = new JobRunner({ db: server.database.db, log: quiet, clock, leaseMs: 60_000 });
    let runs = 0;
    runner.define({ kind: 'test.lease', run: async () => void runs++ });
    await enqueueJob(server.database.db, { kind: 'test.lease' });
    const now = clock();
    const [dead] = await claimDue(server.database.db, { kinds: ['test.lease'], now, leaseUntil: new Date(now.getTime() + 60_000), token: 'dead:1', limit: 5 });
    expect(dead).toBeDefined();
    expect(await runner.runDue()).toBe(0); // still leased
    clock.advance(61_000);
    expect(await runner.runDue()).toBe(1);
    expect(runs).toBe(1);
    const { finishJob } = await import('../../../server/modules/jobs/repository');
    expect(await finishJob(server.database.db, dead!.id, 'dead:1', clock())).toBe(false);
    expect((await jobsOfKind(server.database.db, 'test.lease'))[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('a recurring job runs once per slot, whichever of two runners gets there', async () => {
    const clock = manualClock('2026-06-01T18:59:00Z'); // 01:59 in Bangkok
    const runs: string[] = [];
    const make = (name: string) => {
      const runner = new JobRunner({ db: server.database.db, log: quiet, clock });
      runner.define({ kind: 'test.daily', run: async ({ job }) => void runs.push(`${name}:${job.key}`) });
      runner.every('test.daily', { dailyAt: '02:00' });
      return runner;
    };
    const [a, b] = [make('a'), make('b')];
    await Promise.all([a.runDue(), b.runDue()]); // the slot of 1 June 02:00 Bangkok (already past at 01:59 on the 2nd)
    clock.set('2026-06-01T19:00:00Z'); // 02:00 on 2 June in Bangkok
    await Promise.all([a.runDue(), b.runDue()]);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs.map((r) => r.split(':').slice(1).join(':'))).toEqual([
      'test.daily@2026-05-31T19:00:00.000Z',
      'test.daily@2026-06-01T19:00:00.000Z',
    ]);
  });

  it('slots: every N seconds, and daily at a Bangkok time', () => {
    expect(slotOf({ everySeconds: 60 }, new Date('2026-06-01T10:00:59Z')).toISOString()).toBe('2026-06-01T10:00:00.000Z');
    expect(slotOf({ dailyAt: '08:00' }, new Date('2026-06-01T00:59:00Z')).toISOString()).toBe('2026-05-31T01:00:00.000Z');
    expect(slotOf({ dailyAt: '08:00' }, new Date('2026-06-01T01:00:00Z')).toISOString()).toBe('2026-06-01T01:00:00.000Z');
    expect(() => slotOf({ dailyAt: '25:00' }, new Date())).toThrow(/HH:MM/);
  });
});

/**
 * Two instances on one PostgreSQL database, each with its own connection pool, claiming from the same queue at
 * the same time: every job runs exactly once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('job runner with two instances (PostgreSQL)', () => {
  let second: Database;
  beforeAll(async () => {
    second = await openDatabase({ dataDir: '', databaseUrl: server.databaseUrl! });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('300 jobs claimed concurrently by two runners: each runs once', async () => {
    const ran = new Map<number, string[]>();
    const make = (db: Database, name: string) => {
      const runner = new JobRunner({ db: db.db, log: quiet, batchSize: 7 });
      runner.define({
        kind: 'test.shared',
        run: async ({ job }) => {
          ran.set(job.id, [...(ran.get(job.id) ?? []), name]);
          await new Promise((r) => setTimeout(r, 1));
        },
      });
      return runner;
    };
    for (let i = 0; i < 300; i++) await enqueueJob(server.database.db, { kind: 'test.shared', key: `shared:${i}` });
    const [a, b] = [make(server.database, 'a'), make(second, 'b')];
    const counts = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(300);
    expect(ran.size).toBe(300);
    expect([...ran.values()].every((who) => who.length === 1)).toBe(true);
    const byA = [...ran.values()].filter((w) => w[0] === 'a').length;
    expect(byA).toBeGreaterThan(0);
    expect(byA).toBeLessThan(300);
  });
});
