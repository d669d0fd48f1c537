import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../../support/server';
import { users } from '../../../server/db/schema/auth';
import { customers } from '../../../server/db/schema/customers';
import { loyaltyPointEntries as E, loyaltyPrograms, programmeRuleVersions } from '../../../server/db/schema/loyalty';
import { orderRefunds } from '../../../server/db/schema/orders';
import { demoRules } from '../../../server/seed/loyalty';
import { JOB_ACTOR } from '../../../server/modules/audit/service';
import {
  addDays, balanceOf, earnPoints, lockCustomerRow, openBatches, redeemPoints, spendPoints, type Program,
} from '../../../server/modules/loyalty/ledger';
import { expirePoints } from '../../../server/modules/loyalty/jobs';
import { cancelAsMember, refundPurchase } from '../../../server/modules/orders/lifecycle';
import { insertDeliveryNote, insertInvoice } from '../../../server/modules/orders/repository';
import { dashboard, snapshotReports } from '../../../server/modules/reports/service';

/**
 * Model-free properties of the whole life of points, over random sequences of earning, purchases, redemptions,
 * adjustments both ways, days passing (with the expiry job), cancellations and refunds, on the real ledger:
 * - after the expiry job, the balance is the sum of the entries, and it is never negative;
 * - no batch is ever overspent, and an expired batch has nothing left;
 * - every spend takes the soonest-expiring batches first (a refund's reversal takes the order's own batch first);
 * - a cancellation never gives back more than the order spent; a refund never takes back more than the order earned;
 * - the report figures equal the entries, with and without the daily snapshot.
 * The clock only moves forward, across runs too, so each run's days are its own.
 */
let server: TestServer;
let program: Program;
let clock = '2031-01-01';
const db = () => server.database.db;
const at = (day: string) => new Date(`${day}T00:00:01+07:00`);

beforeAll(async () => {
  server = await createTestServer();
  [program] = (await db().insert(loyaltyPrograms).values({ name: 'Member Rewards', collection_factor: 25, conversion_factor: 1, expiry_duration: 20 }).returning()) as [Program];
  // Short-lived points so that runs of a few weeks see batches expire.
  await db().insert(programmeRuleVersions).values({ loyalty_program: 'Member Rewards', effective_from: '2030-01-01', rules: { ...demoRules(), campaigns: [], expiry: { policy: 'days', days: 20 } }, created_by: 'test' });
}, 120_000);
afterAll(() => server.close());

type Op =
  | { kind: 'earn'; points: number }
  | { kind: 'purchase'; amount: number }
  | { kind: 'order'; points: number }
  | { kind: 'adjust'; points: number }
  | { kind: 'advance'; days: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'refund'; pick: number; percent: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('earn' as const), points: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('purchase' as const), amount: fc.integer({ min: 100, max: 2000 }) }),
  fc.record({ kind: fc.constant('order' as const), points: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ kind: fc.constant('adjust' as const), points: fc.integer({ min: -50, max: 50 }).filter((n) => n !== 0) }),
  fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), percent: fc.integer({ min: 1, max: 100 }) }),
);

let seq = 0;
async function newMember() {
  seq += 1;
  const user = `prop-${seq}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const customer = `CUST-P${seq}-${Math.random().toString(36).slice(2, 6)}`;
  await db().insert(users).values({ name: user, email: user, roles: ['Member'] });
  await db().insert(customers).values({ name: customer, customer_name: user, user, loyalty_program: 'Member Rewards' });
  return customer;
}

const rowsOf = (customer: string) => db().select().from(E).where(eq(E.customer, customer));

/** A reward order written like place_order writes one: the invoice, its line and note, the points spent FIFO. */
async function placeOrder(customer: string, points: number, day: string): Promise<string | null> {
  const name = `ACC-SINV-P-${++seq}`;
  try {
    await db().transaction(async (tx) => {
      await lockCustomerRow(tx, customer);
      const { lines } = await insertInvoice(
        tx,
        { name, customer, order_type: 'redemption', posting_date: day, due_date: addDays(day, 30), status: 'Paid', loyalty_points: points, payment_method: 'points', branch: 'B1' },
        [{ item_code: 'GIFT', item_name: 'Gift', qty: 1, rate: 0, amount: 0, loyalty_points: points }],
      );
      await redeemPoints(tx, { customer, program, points, invoice: name, postingDate: day, branch: 'B1' });
      await insertDeliveryNote(tx, { name: `DN-${name}`, sales_invoice: name, customer, branch: 'B1', sales_invoice_item: lines[0]!.id });
    });
    return name;
  } catch (err) {
    expect((err as { code?: string }).code).toBe('not_enough_points');
    return null;
  }
}

/** A paid purchase and the points it earned (as confirm_payment posts them). */
async function paidPurchase(customer: string, amount: number, day: string) {
  const name = `ACC-SINV-P-${++seq}`;
  const points = Math.floor(amount / 25);
  await db().transaction(async (tx) => {
    await insertInvoice(tx, { name, customer, order_type: 'purchase', posting_date: day, due_date: day, status: 'Paid', total: amount, grand_total: amount, points_earned: points, payment_method: 'bank-transfer', branch: 'B2' }, []);
    if (points > 0) await earnPoints(tx, { customer, program, points, purchaseAmount: amount, invoice: name, source: 'purchase', postingDate: day, branch: 'B2' });
  });
  return { name, amount, points };
}

/** The batch order spends follow: (expiry, posting, written, name), as openBatches answers it. */
const fifoOrder = async (customer: string, day: string) => (await openBatches(db(), customer, day)).map((b) => b.name);

async function checkLedger(customer: string, day: string) {
  const rows = (await rowsOf(customer)).filter((r) => r.posting_date <= day);
  const balance = await balanceOf(db(), customer, day);
  expect(balance).toBe(rows.reduce((s, r) => s + r.loyalty_points, 0));
  expect(balance).toBeGreaterThanOrEqual(0);
  for (const b of rows.filter((r) => r.redeem_against === null && r.loyalty_points > 0)) {
    const left = b.loyalty_points + rows.filter((r) => r.redeem_against === b.name).reduce((s, r) => s + r.loyalty_points, 0);
    expect(left, b.name).toBeGreaterThanOrEqual(0);
    if (b.expiry_date < day) expect(left, `${b.name} expired`).toBe(0);
  }
}

/** The batches an operation took points from must be the first ones in spending order (less any it took first on purpose). */
function expectFifo(before: string[], taken: string[], first: Set<string> = new Set()) {
  const order = before.filter((b) => !first.has(b));
  const positions = taken.filter((b) => !first.has(b)).map((b) => order.indexOf(b)).sort((a, b) => a - b);
  expect(positions).toEqual(positions.map((_, i) => i));
}

describe('the life of points (fast-check)', () => {
  it('keeps every rule of the ledger, the orders and the reports over random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 14 }), async (ops) => {
        const customer = await newMember();
        const start = clock;
        const orders: string[] = [];
        const purchases: { name: string; amount: number; points: number }[] = [];
        for (const o of ops) {
          const day = clock;
          const before = await fifoOrder(customer, day);
          const known = new Set((await rowsOf(customer)).map((r) => r.name));
          let first = new Set<string>();
          if (o.kind === 'earn') await earnPoints(db(), { customer, program, points: o.points, source: 'purchase', postingDate: day, branch: 'B1' });
          if (o.kind === 'purchase') purchases.push(await paidPurchase(customer, o.amount, day));
          if (o.kind === 'order') {
            const name = await placeOrder(customer, o.points, day);
            if (name) orders.push(name);
          }
          if (o.kind === 'adjust' && o.points > 0) await earnPoints(db(), { customer, program, points: o.points, source: 'adjustment', reason: 'goodwill', postingDate: day });
          if (o.kind === 'adjust' && o.points < 0) {
            if ((await balanceOf(db(), customer, day)) >= -o.points) await spendPoints(db(), { customer, program, points: -o.points, entryType: 'adjust', source: 'adjustment', reason: 'correction', postingDate: day });
            else await expect(spendPoints(db(), { customer, program, points: -o.points, entryType: 'adjust', source: 'adjustment', postingDate: day })).rejects.toThrow();
          }
          if (o.kind === 'advance') {
            clock = addDays(clock, o.days);
            await expirePoints(db(), at(clock));
          }
          if (o.kind === 'cancel' && orders.length) {
            const order = orders[o.pick % orders.length]!;
            await cancelAsMember(db(), { customer, order, actor: JOB_ACTOR, day }).catch((err: { code?: string }) => expect(['order_cancelled', 'reward_expired']).toContain(err.code));
          }
          if (o.kind === 'refund' && purchases.length) {
            const p = purchases[o.pick % purchases.length]!;
            const refunded = Number((await db().select({ r: sql<string>`refunded_amount` }).from(sql`sales_invoices`).where(sql`name = ${p.name}`))[0]!.r);
            const amount = Math.max(0.01, Math.round((p.amount - refunded) * o.percent) / 100);
            first = new Set((await rowsOf(customer)).filter((r) => r.invoice === p.name && r.entry_type === 'earn').map((r) => r.name));
            await refundPurchase(db(), { order: p.name, amount, reason: 'prop', actor: JOB_ACTOR, day }).catch((err: { code?: string }) => expect(err.code).toBe('refund_too_large'));
          }
          await expirePoints(db(), at(clock));
          // The spends this operation wrote took their batches in spending order.
          const written = (await rowsOf(customer)).filter((r) => !known.has(r.name) && r.loyalty_points < 0 && ['redeem', 'adjust', 'reverse'].includes(r.entry_type));
          expectFifo(before, [...new Set(written.map((r) => r.redeem_against!))], first);
          await checkLedger(customer, clock);
        }
        // Orders and refunds never give or take more than they should.
        const rows = await rowsOf(customer);
        for (const order of orders) {
          const spent = 0 - rows.filter((r) => r.invoice === order && r.entry_type === 'redeem').reduce((s, r) => s + r.loyalty_points, 0);
          const back = rows.filter((r) => r.invoice === order && r.entry_type === 'refund').reduce((s, r) => s + r.loyalty_points, 0);
          expect(back).toBeLessThanOrEqual(spent);
        }
        for (const p of purchases) {
          const refunds = await db().select().from(orderRefunds).where(eq(orderRefunds.sales_invoice, p.name));
          const reversed = 0 - rows.filter((r) => r.invoice === p.name && r.entry_type === 'reverse').reduce((s, r) => s + r.loyalty_points, 0);
          const due = refunds.reduce((s, r) => s + r.points_due, 0);
          expect(reversed).toBe(refunds.reduce((s, r) => s + r.points_reversed, 0));
          expect(due).toBe(reversed + refunds.reduce((s, r) => s + r.points_shortfall, 0));
          expect(due).toBeLessThanOrEqual(p.points);
          if (refunds.reduce((s, r) => s + Number(r.amount), 0) >= p.amount - 0.001 && refunds.length) expect(due).toBe(p.points);
        }
        // The report figures equal the entries: straight from the ledger, then through the snapshot.
        const q = { from_date: start, to_date: clock, branch: null };
        const all = (await db().select().from(E)).filter((r) => r.posting_date >= start && r.posting_date <= clock);
        const sum = (types: string[], sign = 1) => sign * all.filter((r) => types.includes(r.entry_type)).reduce((s, r) => s + r.loyalty_points, 0) + 0;
        const outstanding = (await db().select().from(E)).filter((r) => r.posting_date <= clock && r.expiry_date >= clock).reduce((s, r) => s + r.loyalty_points, 0);
        const expected = { issued: sum(['earn', 'bonus']), redeemed: sum(['redeem'], -1), refunded: sum(['refund']), expired: sum(['expire'], -1), adjusted: sum(['adjust']), reversed: sum(['reverse'], -1), outstanding };
        const live = await dashboard(db(), q, { asOf: clock, snapshot: false });
        expect(live.points).toEqual(expected);
        // A day later the run's days are finished: the snapshot keeps them, and says the same.
        clock = addDays(clock, 1);
        for (let i = 0; i < 5 && (await snapshotReports(db(), at(clock))).written > 0; i++);
        const kept = await dashboard(db(), q, { asOf: clock });
        // Every day is the snapshot's, but the days before the ledger's first row (there was nothing to keep).
        // An empty ledger has no first row: every day of the range is before it.
        const first = (await db().select({ d: sql<string | null>`min(${E.posting_date})::text` }).from(E))[0]!.d ?? addDays(q.to_date, 1);
        const before = Math.max(0, Math.round((Date.parse(first > q.to_date ? addDays(q.to_date, 1) : first) - Date.parse(start)) / 86_400_000));
        expect(kept.snapshot.days_from_ledger).toBe(before);
        expect(kept.points).toEqual(expected);
        expect({ ...kept, as_of: null, snapshot: null }).toEqual({ ...(await dashboard(db(), q, { asOf: clock, snapshot: false })), as_of: null, snapshot: null });
      }),
      // Found by a random run on an empty ledger: nothing is ever written, so every day of the range is the ledger's.
      { numRuns: 15, examples: [[[{ kind: 'cancel', pick: 0 }, { kind: 'order', points: 1 }, { kind: 'cancel', pick: 0 }]]] },
    );
    // Nothing is left of an expired batch anywhere.
    const stale = await db().select().from(E).where(and(isNull(E.redeem_against), sql`${E.loyalty_points} > 0`, sql`${E.expiry_date} < ${clock}`));
    for (const b of stale) {
      const moved = await db().select({ s: sql<number>`coalesce(sum(${E.loyalty_points}), 0)::int` }).from(E).where(eq(E.redeem_against, b.name));
      expect(b.loyalty_points + Number(moved[0]!.s)).toBe(0);
    }
  }, 300_000);
});
