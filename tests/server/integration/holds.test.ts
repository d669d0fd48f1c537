import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createMember, createMemberWithDevice, STAFF, Session, type TestServer } from '../../support/server';
import { memberCodeAt } from '../../../contracts/member-code';
import { LOYALTY_METHODS as L } from '../../../contracts/loyalty';
import { loyaltyPointEntries } from '../../../server/db/schema/loyalty';
import { pointHolds } from '../../../server/db/schema/integration';
import { auditLog } from '../../../server/db/schema/audit';
import { balanceOf, earnPoints, lockCustomerRow, programOf, redeemPoints } from '../../../server/modules/loyalty/ledger';
import { expireDueHolds } from '../../../server/modules/integration/holds';
import { asClient, createClient, errorCode, I, integrationServer, type Credentials } from './support';

vi.setConfig({ testTimeout: 120_000 });

const SIAM = 'สาขาสยาม';
let server: TestServer;
let admin: Session;
let clock: () => Date;
let travel: (ms: number) => void;
let till: Credentials;
beforeAll(async () => {
  ({ server, admin, clock, travel } = await integrationServer());
  till = await createClient(admin, ['members:read', 'points:redeem']);
}, 120_000);
afterAll(() => server.close());

const db = () => server.database.db;
const MINUTE = 60_000;

async function memberWith(points: number) {
  const m = await createMember(server);
  const program = await programOf(db(), m.customer);
  await earnPoints(db(), { customer: m.customer, program: program!, points, source: 'adjustment' });
  return m;
}
const hold = (customer: string, points: number, extra: Record<string, unknown> = {}) =>
  asClient(server, till, I.hold, { customer, points, receipt_no: 'POS-1', branch: SIAM, ...extra });
const lookup = async (customer: string) => (await asClient(server, till, I.lookup, { customer })).json().message as { points: number; held_points: number };
const holdRow = async (name: string) => (await db().select().from(pointHolds).where(eq(pointHolds.name, name)))[0]!;
const redeemRows = (customer: string) =>
  db()
    .select()
    .from(loyaltyPointEntries)
    .where(and(eq(loyaltyPointEntries.customer, customer), eq(loyaltyPointEntries.entry_type, 'redeem')));

describe('points held as payment', () => {
  it("the till's member card shows the points the member can spend, not those a shop holds", async () => {
    const m = await createMemberWithDevice(server);
    const program = await programOf(db(), m.customer);
    await earnPoints(db(), { customer: m.customer, program: program!, points: 100, source: 'adjustment' });
    expect((await hold(m.customer, 70)).statusCode).toBe(200);
    const staff = new Session(server.app);
    expect((await staff.login(STAFF.usr, STAFF.pwd)).statusCode).toBe(200);
    const res = await staff.call('member_rewards.staff.resolve_code', { code: await memberCodeAt(m.device) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.member).toMatchObject({ customer: m.customer, loyalty_points: 30 });
  });

  it('a hold leaves the spendable balance at once, and the member sees the points as held', async () => {
    const m = await memberWith(100);
    const res = await hold(m.customer, 60);
    expect(res.statusCode, res.body).toBe(200);
    const h = res.json().message;
    expect(h).toMatchObject({ points: 60, status: 'held', balance: 40 });
    expect(Date.parse(h.expires_at) - clock().getTime()).toBeGreaterThan(4 * MINUTE);
    expect(Date.parse(h.expires_at) - clock().getTime()).toBeLessThanOrEqual(5 * MINUTE);
    expect(await lookup(m.customer)).toMatchObject({ points: 40, held_points: 60 });
    const mine = await m.session.call(L.pointsDetails, {}, 'GET');
    expect(mine.json().message).toMatchObject({ loyalty_points: 40, held_points: 60 });
    const profile = await m.session.call('headless_e_commerce.api.get_profile', {}, 'GET');
    expect(profile.json().message).toMatchObject({ loyalty_points: 40 });
    // More than is spendable is refused; the ledger is untouched by a hold.
    const more = await hold(m.customer, 41);
    expect(more.statusCode).toBe(417);
    expect(errorCode(more)).toBe('not_enough_points');
    expect(await balanceOf(db(), m.customer)).toBe(100);
    // A hold lasts 1 to 15 minutes.
    expect((await hold(m.customer, 1, { expires_in_minutes: 16 })).statusCode).toBe(417);
    expect((await hold(m.customer, 1, { expires_in_minutes: 0 })).statusCode).toBe(417);
  });

  it('capture of part takes those points as a redemption the member’s history shows, and releases the rest', async () => {
    const m = await memberWith(100);
    const h = (await hold(m.customer, 60, { receipt_no: 'PAY-7' })).json().message;
    const tooMany = await asClient(server, till, I.capture, { hold: h.hold, points: 61 });
    expect(tooMany.statusCode).toBe(417);
    expect(errorCode(tooMany)).toBe('capture_too_large');
    const cap = await asClient(server, till, I.capture, { hold: h.hold, points: 45 });
    expect(cap.statusCode, cap.body).toBe(200);
    expect(cap.json().message).toMatchObject({ status: 'captured', points: 60, captured_points: 45, balance: 55 });
    expect(await lookup(m.customer)).toMatchObject({ points: 55, held_points: 0 });
    expect(await balanceOf(db(), m.customer)).toBe(55);
    const history = (await m.session.call(L.pointsDetails, {}, 'GET')).json().message.record as { entry_type: string; source: string; loyalty_points: number; receipt_no: string }[];
    expect(history.filter((r) => r.entry_type === 'redeem').map((r) => [r.source, r.loyalty_points, r.receipt_no])).toEqual([['redemption', -45, 'PAY-7']]);
    const again = await asClient(server, till, I.capture, { hold: h.hold });
    expect(again.statusCode).toBe(417);
    expect(errorCode(again)).toBe('hold_settled');
    const audit = await db().select().from(auditLog).where(eq(auditLog.ref_name, h.hold));
    expect(audit.map((a) => [a.action, a.user, a.role])).toEqual([
      ['hold_points', till.key, 'API Client'],
      ['capture_points', till.key, 'API Client'],
    ]);
  });

  it('release gives every held point back; another client cannot see the hold', async () => {
    const m = await memberWith(50);
    const h = (await hold(m.customer, 30)).json().message;
    const shop = await createClient(admin, ['points:redeem']);
    const foreign = await asClient(server, shop, I.release, { hold: h.hold });
    expect(foreign.statusCode).toBe(404);
    expect(errorCode(foreign)).toBe('hold_not_found');
    const rel = await asClient(server, till, I.release, { hold: h.hold });
    expect(rel.statusCode, rel.body).toBe(200);
    expect(rel.json().message).toMatchObject({ status: 'released', balance: 50 });
    expect(await lookup(m.customer)).toMatchObject({ points: 50, held_points: 0 });
    expect((await asClient(server, till, I.capture, { hold: h.hold })).statusCode).toBe(417);
    expect(await redeemRows(m.customer)).toHaveLength(0);
  });

  it('an expired hold cannot be captured and is released by the job exactly once', async () => {
    const m = await memberWith(40);
    const h = (await hold(m.customer, 40, { expires_in_minutes: 1 })).json().message;
    travel(2 * MINUTE);
    const late = await asClient(server, till, I.capture, { hold: h.hold });
    expect(late.statusCode).toBe(417);
    expect(errorCode(late)).toBe('hold_expired');
    // Two instances run the job at once, then it runs again: the hold is released once.
    const runs = await Promise.all([expireDueHolds(db(), clock()), expireDueHolds(db(), clock())]);
    const rerun = await expireDueHolds(db(), clock());
    const mine = await holdRow(h.hold);
    expect(mine.status).toBe('expired');
    expect(runs[0] + runs[1] + rerun).toBe(1);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.ref_name, h.hold), eq(auditLog.action, 'release_points')));
    expect(audit.map((a) => [a.user, a.role])).toEqual([['Administrator', 'Job']]);
    expect(await lookup(m.customer)).toMatchObject({ points: 40, held_points: 0 });
    expect(await redeemRows(m.customer)).toHaveLength(0);
  });

  it('50 holds and redemptions at once on one member never spend a point twice', async () => {
    const m = await memberWith(100);
    const program = (await programOf(db(), m.customer))!;
    // A redemption as an order writes it: under the member's lock, through the ledger.
    const redeem = (i: number) =>
      db()
        .transaction(async (tx) => {
          await lockCustomerRow(tx, m.customer);
          await redeemPoints(tx, { customer: m.customer, program, points: 10, invoice: `SINV-RACE-${i}` });
        })
        .then(
          () => 'ok' as const,
          () => 'refused' as const,
        );
    const holds = (i: number) => hold(m.customer, 10, { receipt_no: `RACE-${i}` }).then((r) => (r.statusCode === 200 ? ('ok' as const) : ('refused' as const)));
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? redeem(i) : holds(i))));
    // 100 points pay for exactly ten spends of 10, whichever kind wins them.
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    const held = (await db().select().from(pointHolds).where(and(eq(pointHolds.customer, m.customer), eq(pointHolds.status, 'held')))).length;
    const redeemed = (await redeemRows(m.customer)).reduce((s, r) => s - r.loyalty_points, 0);
    expect(held * 10 + redeemed).toBe(100);
    expect(await balanceOf(db(), m.customer)).toBe(100 - redeemed);
    expect(await lookup(m.customer)).toMatchObject({ points: 0, held_points: held * 10 });
  });

  it('an expiring hold and its capture racing settle exactly one way', async () => {
    for (let round = 0; round < 4; round += 1) {
      const m = await memberWith(30);
      const h = (await hold(m.customer, 30, { expires_in_minutes: 1, receipt_no: `EDGE-${round}` })).json().message;
      // The capture reads a clock just before the expiry; the job one just after it.
      const expiry = Date.parse(h.expires_at);
      travel(expiry - 500 - clock().getTime());
      const [cap, released] = await Promise.all([asClient(server, till, I.capture, { hold: h.hold }), expireDueHolds(db(), new Date(expiry + 500))]);
      const row = await holdRow(h.hold);
      const spent = (await redeemRows(m.customer)).reduce((s, r) => s - r.loyalty_points, 0);
      if (cap.statusCode === 200) {
        expect(row.status).toBe('captured');
        expect(spent).toBe(30);
        expect(await balanceOf(db(), m.customer)).toBe(0);
      } else {
        expect(errorCode(cap)).toMatch(/^hold_(settled|expired)$/);
        expect(row.status).toBe('expired');
        expect(released).toBeGreaterThanOrEqual(1);
        expect(spent).toBe(0);
        expect(await balanceOf(db(), m.customer)).toBe(30);
      }
      expect(await lookup(m.customer)).toMatchObject({ held_points: 0 });
    }
  });
});
