import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createMember, createTestServer, type TestServer } from '../../support/server';
import { LOYALTY_METHODS as L } from '../../../contracts/loyalty';
import type { Db } from '../../../server/db/client';
import { auditLog } from '../../../server/db/schema/audit';
import { loyaltyPointEntries, pointExpiryReminders } from '../../../server/db/schema/loyalty';
import { addDays, balanceOf, earnPoints, entriesOf, programOf, redeemPoints } from '../../../server/modules/loyalty/ledger';
import { today } from '../../../contracts/business-day';
import { expirePoints, writeReminders } from '../../../server/modules/loyalty/jobs';
import { notificationEvents } from '../../../server/db/schema/notifications';

vi.setConfig({ testTimeout: 60_000 });

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
}, 120_000);
afterAll(() => server.close());

const db = () => server.database.db;
/** An instant on the Bangkok clock. */
const bangkok = (day: string, time: string) => new Date(`${day}T${time}+07:00`);

async function batch(customer: string, points: number, posting: string, expiry?: string) {
  const program = await programOf(db(), customer);
  return earnPoints(db(), { customer, program: program!, points, source: 'purchase', postingDate: posting, expiryDate: expiry });
}
const rowsOf = async (customer: string) => db().select().from(loyaltyPointEntries).where(eq(loyaltyPointEntries.customer, customer));
const sumOfEntries = async (customer: string, asOf: string) => (await rowsOf(customer)).filter((r) => r.posting_date <= asOf).reduce((s, r) => s + r.loyalty_points, 0);

describe('expiry', () => {
  it('a batch expires at midnight Bangkok time: an "expired" entry for what was left, once; the history says so', async () => {
    const m = await createMember(server);
    const program = await programOf(db(), m.customer);
    const last = addDays(today(), -35);
    const earned = await batch(m.customer, 30, addDays(last, -365));
    expect(earned.expiry_date).toBe(last);
    await redeemPoints(db(), { customer: m.customer, program: program!, points: 10, invoice: 'SINV-EXP-1', postingDate: addDays(last, -300) });
    const keeper = await batch(m.customer, 7, addDays(last, -10));

    await expirePoints(db(), bangkok(last, '23:59:59'));
    expect((await rowsOf(m.customer)).filter((r) => r.entry_type === 'expire')).toEqual([]);
    expect(await balanceOf(db(), m.customer, last)).toBe(27);

    // Midnight in Bangkok is 17:00 UTC the day before.
    const midnight = bangkok(addDays(last, 1), '00:00:00');
    expect(midnight.toISOString()).toBe(`${last}T17:00:00.000Z`);
    await Promise.all([expirePoints(db(), midnight), expirePoints(db(), midnight)]);
    await expirePoints(db(), new Date(midnight.getTime() + 3_600_000));
    const expired = (await rowsOf(m.customer)).filter((r) => r.entry_type === 'expire');
    expect(expired.map((r) => [r.loyalty_points, r.posting_date, r.expiry_date, r.redeem_against, r.source])).toEqual([[-20, addDays(last, 1), last, earned.name, 'expiry']]);

    // The balance is the sum of the entries, on any day since, and the member's history shows the line.
    for (const asOf of [addDays(last, 1), today()]) expect(await balanceOf(db(), m.customer, asOf)).toBe(await sumOfEntries(m.customer, asOf));
    expect(await balanceOf(db(), m.customer)).toBe(keeper.loyalty_points);
    const history = (await m.session.call(L.pointsDetails, {}, 'GET')).json().message;
    expect(history.record).toContainEqual(expect.objectContaining({ entry_type: 'expire', source: 'expiry', loyalty_points: -20, posting_date: addDays(last, 1), expiry_date: last }));
    // Audited once, as the job.
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.ref_name, m.customer), eq(auditLog.action, 'expire_points')));
    expect(audit.map((r) => [r.user, r.role, r.after])).toEqual([['Administrator', 'Job', { points: 20, batches: [earned.name] }]]);
  });

  it('a crash halfway leaves whole members done and the next run finishes without doubling anything', async () => {
    const members = [];
    const last = addDays(today(), -20);
    for (let i = 0; i < 4; i++) {
      const m = await createMember(server);
      await batch(m.customer, 10 + i, addDays(last, -30), last);
      members.push(m);
    }
    // A database whose third transaction fails: the process dies there.
    let calls = 0;
    const crashing = new Proxy(db(), {
      get(target, prop, receiver) {
        if (prop === 'transaction') {
          return (fn: Parameters<Db['transaction']>[0]) => {
            calls += 1;
            if (calls === 3) return Promise.reject(new Error('crash'));
            return target.transaction(fn);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    }) as Db;
    await expect(expirePoints(crashing, new Date())).rejects.toThrow('crash');
    const expiredOf = async (customer: string) => (await rowsOf(customer)).filter((r) => r.entry_type === 'expire').length;
    const auditsOf = async (customer: string) => (await db().select().from(auditLog).where(and(eq(auditLog.ref_name, customer), eq(auditLog.action, 'expire_points')))).length;
    // Some members were done before the crash, the others not at all: never an entry without its audit row.
    const done = await Promise.all(members.map((m) => expiredOf(m.customer)));
    expect(done).toContain(0);
    expect(await Promise.all(members.map((m) => auditsOf(m.customer)))).toEqual(done);
    await expirePoints(db(), new Date());
    expect(await Promise.all(members.map((m) => expiredOf(m.customer)))).toEqual([1, 1, 1, 1]);
    expect(await Promise.all(members.map((m) => auditsOf(m.customer)))).toEqual([1, 1, 1, 1]);
  });

  it('the member reads the schedule batch by batch: what is left of each and when it goes, soonest first', async () => {
    const m = await createMember(server);
    const program = await programOf(db(), m.customer);
    const soon = await batch(m.customer, 12, today(), addDays(today(), 10));
    const later = await batch(m.customer, 8, today(), addDays(today(), 40));
    const sameDay = await batch(m.customer, 5, today(), addDays(today(), 40));
    await redeemPoints(db(), { customer: m.customer, program: program!, points: 4, invoice: 'SINV-SCHED' });
    const res = await m.session.call(L.expirySchedule, {}, 'GET');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().message;
    expect(s.loyalty_points).toBe(21);
    expect(s.batches.map((b: { batch: string; available: number; points: number; days_left: number }) => [b.batch, b.points, b.available, b.days_left])).toEqual([
      [soon.name, 12, 8, 10],
      [later.name, 8, 8, 40],
      [sameDay.name, 5, 5, 40],
    ]);
    expect(s.by_date).toEqual([{ expiry_date: addDays(today(), 10), points: 8 }, { expiry_date: addDays(today(), 40), points: 13 }]);
    const details = (await m.session.call(L.pointsDetails, {}, 'GET')).json().message;
    expect(details).toMatchObject({ next_expiry_date: addDays(today(), 10), next_expiry_points: 8 });
  });
});

describe('expiry reminders', () => {
  it('are written once per batch and reminder day, with the member, the points and the day; a missed day catches up, never stale', async () => {
    const m = await createMember(server);
    const program = await programOf(db(), m.customer);
    const base = addDays(today(), 400);
    const far = await batch(m.customer, 50, today(), addDays(base, 40));
    const near = await batch(m.customer, 9, today(), addDays(base, 5));
    const spentOut = await batch(m.customer, 3, today(), addDays(base, 6));
    await redeemPoints(db(), { customer: m.customer, program: program!, points: 3 + 9, invoice: 'SINV-REM', postingDate: today() });
    const reminders = async () =>
      (await db().select().from(pointExpiryReminders).where(eq(pointExpiryReminders.customer, m.customer))).map((r) => [r.batch, r.days_before, r.points, r.expiry_date, r.remind_on]).sort();

    // 30 days before the far batch: its 30-day reminder. The near one (5 days left) gets its 7-day one, not a stale 30-day one.
    const first = addDays(base, 10);
    await Promise.all([writeReminders(db(), bangkok(first, '09:00:00')), writeReminders(db(), bangkok(first, '09:00:00'))]);
    await writeReminders(db(), bangkok(first, '18:00:00'));
    // near was spent: the redemption took the soonest-expiring first (near, then spentOut's 3): neither has anything left to remind of.
    expect(await reminders()).toEqual([[far.name, 30, 50, addDays(base, 40), first]].sort());
    await writeReminders(db(), bangkok(addDays(base, 33), '09:00:00'));
    await writeReminders(db(), bangkok(addDays(base, 35), '09:00:00'));
    expect(await reminders()).toEqual([[far.name, 30, 50, addDays(base, 40), first], [far.name, 7, 50, addDays(base, 40), addDays(base, 33)]].sort());
    // Nothing is left of the two batches the redemption spent: no reminder for them, ever.
    expect((await reminders()).map((r) => r[0])).not.toContain(near.name);
    expect((await reminders()).map((r) => r[0])).not.toContain(spentOut.name);
    // Each reminder became one notification for the member (the outbox delivers it), also with two runs at once.
    const events = await db().select().from(notificationEvents).where(eq(notificationEvents.user, m.name));
    expect(events.map((e) => [e.kind, e.payload]).sort()).toEqual(
      [
        ['points_expiring', { points: 50, expiry_date: addDays(base, 40), days: 30 }],
        ['points_expiring', { points: 50, expiry_date: addDays(base, 40), days: 7 }],
      ].sort(),
    );
  });
});

describe('the balance is the sum of the entries', () => {
  it('once the expiry job has run, for every member, on every day', async () => {
    await expirePoints(db(), new Date());
    const all = await db().select().from(loyaltyPointEntries);
    const customers = [...new Set(all.map((r) => r.customer))];
    for (const c of customers) {
      const rows = all.filter((r) => r.customer === c && r.posting_date <= today());
      expect(await balanceOf(db(), c), c).toBe(rows.reduce((s, r) => s + r.loyalty_points, 0));
      expect(await balanceOf(db(), c)).toBeGreaterThanOrEqual(0);
    }
    expect((await entriesOf(db(), customers[0]!)).length).toBeGreaterThan(0);
  });
});
