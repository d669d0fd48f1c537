import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createMember, createTestServer, Session, type TestServer } from '../../support/server';
import { ORDER_LIFECYCLE_METHODS as O } from '../../../contracts/order-lifecycle';
import { LOYALTY_METHODS as L } from '../../../contracts/loyalty';
import { PROGRAMME_METHODS as P } from '../../../contracts/programme';
import { items } from '../../../server/db/schema/catalog';
import { loyaltyPointEntries } from '../../../server/db/schema/loyalty';
import { deliveryNotes, salesInvoices } from '../../../server/db/schema/orders';
import { BRANCHES } from '../../../server/seed/constants';
import { addDays, balanceOf, earnPoints, programOf, redeemPoints, standingOf } from '../../../server/modules/loyalty/ledger';
import { today } from '../../../contracts/business-day';
import { cancelAsManager, cancelUnpaid, expireUncollected } from '../../../server/modules/orders/lifecycle';
import { insertInvoice } from '../../../server/modules/orders/repository';
import { JOB_ACTOR } from '../../../server/modules/audit/service';
import { addAddress, earnFromPurchase, gift, givePoints, PLACE_ORDER } from './support';
import { auditOf, backOfficeSessions, errorCode } from '../admin/support';

vi.setConfig({ testTimeout: 60_000 });

let server: TestServer;
let lm: Session;
let bm: Session;
let admin: Session;
let staff: Session;
const [SIAM, CHIANGMAI] = BRANCHES;

beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
  ({ lm, bm, admin, staff } = await backOfficeSessions(server));
  await server.database.db.insert(items).values({ name: 'LC-STOCK', item_code: 'LC-STOCK', item_name: 'Counted reward', item_group: 'Gift', loyalty_points_based_price: 10, stock_qty: 3, per_member_limit: 1 });
}, 120_000);
afterAll(() => server.close());

const db = () => server.database.db;
const bangkok = (day: string, time: string) => new Date(`${day}T${time}+07:00`);
const stock = async (code: string) => (await db().select().from(items).where(eq(items.item_code, code)))[0]!.stock_qty;
const invoice = async (name: string) => (await db().select().from(salesInvoices).where(eq(salesInvoices.name, name)))[0]!;
const notes = async (name: string) => db().select().from(deliveryNotes).where(eq(deliveryNotes.sales_invoice, name));
const entries = async (customer: string) => db().select().from(loyaltyPointEntries).where(eq(loyaltyPointEntries.customer, customer));

async function batch(customer: string, points: number, expiry?: string, posting?: string) {
  const program = await programOf(db(), customer);
  return earnPoints(db(), { customer, program: program!, points, source: 'purchase', expiryDate: expiry, postingDate: posting });
}
async function redeem(m: { session: Session }, code: string, points: number, branch: string = SIAM) {
  const res = await m.session.call(PLACE_ORDER, gift(code, points, { branch }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message.name as string;
}
const purchaseArgs = (billing: string) => ({
  billing_address: billing, shipping_address: '', use_different_shipping: false, loyalty_points: null,
  items: [{ item_code: 'SNEAKER-BLACK', qty: 1 }], payment_method: 'bank-transfer', delivery_method: 'delivery',
});

describe('a member cancels an unused reward', () => {
  it('gets the points back on the batches they came from, with their expiry; the stock and the per-member limit come back; audited', async () => {
    const m = await createMember(server);
    const soon = await batch(m.customer, 10, addDays(today(), 20));
    await batch(m.customer, 20);
    const order = await redeem(m, 'LC-STOCK', 10);
    expect(await stock('LC-STOCK')).toBe(2);
    expect(await balanceOf(db(), m.customer)).toBe(20);

    const res = await m.session.call(O.cancelRewardOrder, { order });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({ order, status: 'Cancelled', cancel_reason: 'member', points_returned: 10, stock_returned: [{ item_code: 'LC-STOCK', qty: 1 }], loyalty_points: 30 });
    const refund = (await entries(m.customer)).filter((r) => r.entry_type === 'refund');
    expect(refund.map((r) => [r.loyalty_points, r.redeem_against, r.expiry_date, r.invoice, r.source])).toEqual([[10, soon.name, soon.expiry_date, order, 'order_cancelled']]);
    const schedule = (await m.session.call(L.expirySchedule, {}, 'GET')).json().message;
    expect(schedule.batches[0]).toMatchObject({ batch: soon.name, available: 10, expiry_date: soon.expiry_date });
    expect(await stock('LC-STOCK')).toBe(3);
    expect((await notes(order)).map((n) => n.status)).toEqual(['Cancelled']);
    const mine = (await m.session.call('honda_api.api_calls.getuser.getorders', { order_type: 'redemption' }, 'GET')).json().message;
    expect(mine[0]).toMatchObject({ name: order, status: 'Cancelled', delivery_notes: [{ status: 'Cancelled' }] });
    // The per-member limit of 1 counts only what was not cancelled: the member may order it again.
    await redeem(m, 'LC-STOCK', 10);
    const log = (await auditOf(server, order)).filter((r) => r.action === 'cancel_order');
    expect(log.map((r) => [r.user, r.role, (r.after as { cancel_reason: string }).cancel_reason])).toEqual([[m.name, 'Member', 'member']]);
    expect(errorCode(await m.session.call(O.cancelRewardOrder, { order }))).toBe('order_cancelled');
  });

  it('cannot cancel a reward once handed over, someone else’s order, or a reward past its collection day', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 60);
    const used = await redeem(m, 'GIFT-TOTE', 15);
    const [usedRow] = await server.database.db.select({ reward_code: salesInvoices.reward_code }).from(salesInvoices).where(eq(salesInvoices.name, used));
    expect((await staff.call('member_rewards.staff.confirm_reward', { code: usedRow!.reward_code })).statusCode).toBe(200);
    const refused = await m.session.call(O.cancelRewardOrder, { order: used });
    expect(refused.statusCode).toBe(417);
    expect(errorCode(refused)).toBe('reward_used');
    expect(await balanceOf(db(), m.customer)).toBe(45);

    const other = await createMember(server);
    const theirs = await other.session.call(O.cancelRewardOrder, { order: used });
    expect(theirs.statusCode).toBe(404);
    expect(errorCode(theirs)).toBe('order_not_found');
    expect(errorCode(await m.session.call(O.cancelRewardOrder, { order: 'ACC-SINV-1999-99999' }))).toBe('order_not_found');

    const late = await redeem(m, 'GIFT-TOTE', 15);
    await db().update(salesInvoices).set({ due_date: addDays(today(), -1) }).where(eq(salesInvoices.name, late));
    expect(errorCode(await m.session.call(O.cancelRewardOrder, { order: late }))).toBe('reward_expired');
    expect((await m.session.call(O.cancelRewardOrder, {})).statusCode).toBe(417);
  });

  it('five cancellations at once: one goes through, the points come back once', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 15);
    const order = await redeem(m, 'GIFT-TOTE', 15);
    const results = await Promise.all(Array.from({ length: 5 }, () => m.session.call(O.cancelRewardOrder, { order })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => errorCode(r) === 'order_cancelled')).toHaveLength(4);
    expect(await balanceOf(db(), m.customer)).toBe(15);
  });

  it('points given back to a batch that expired meanwhile expire again at once; the history shows both lines', async () => {
    const m = await createMember(server);
    const program = await programOf(db(), m.customer);
    const gone = addDays(today(), -3);
    const old = await batch(m.customer, 10, gone, addDays(gone, -30));
    // A reward order placed while the batch was alive, still waiting for the member.
    const name = `ACC-SINV-TEST-${Math.random().toString(36).slice(2, 8)}`;
    await insertInvoice(db(), { name, customer: m.customer, order_type: 'redemption', posting_date: addDays(gone, -5), due_date: addDays(today(), 20), status: 'Paid', loyalty_points: 10, payment_method: 'points', branch: SIAM }, [
      { item_code: 'GIFT-KEYCHAIN', item_name: 'Keychain', qty: 1, rate: 0, amount: 0, loyalty_points: 10 },
    ]);
    await redeemPoints(db(), { customer: m.customer, program: program!, points: 10, invoice: name, postingDate: addDays(gone, -5) });
    const res = await lm.call(O.cancelOrder, { order: name, reason: 'wrong branch' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({ points_returned: 10, loyalty_points: 0 });
    const lines = (await entries(m.customer)).filter((r) => r.posting_date === today()).map((r) => [r.entry_type, r.source, r.loyalty_points, r.redeem_against]);
    expect(lines.sort()).toEqual([['expire', 'expired_on_return', -10, old.name], ['refund', 'order_cancelled', 10, old.name]]);
    expect(await balanceOf(db(), m.customer)).toBe(0);
  });
});

describe('a manager cancels', () => {
  it('an unused reward or an unpaid purchase, with a reason; a paid purchase is refunded instead; a Branch Manager only at their branch', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 60);
    const siam = await redeem(m, 'GIFT-TOTE', 15, SIAM);
    const chiangmai = await redeem(m, 'GIFT-TOTE', 15, CHIANGMAI);
    expect(errorCode(await bm.call(O.cancelOrder, { order: chiangmai, reason: 'not ours' }))).toBe('not_your_branch');
    expect(errorCode(await lm.call(O.cancelOrder, { order: siam }))).toBeUndefined();
    expect((await lm.call(O.cancelOrder, { order: siam })).statusCode).toBe(417);
    const byBranch = await bm.call(O.cancelOrder, { order: siam, reason: 'member asked at the counter' });
    expect(byBranch.statusCode, byBranch.body).toBe(200);
    expect((await invoice(siam))).toMatchObject({ status: 'Cancelled', cancel_reason: 'manager', cancel_note: 'member asked at the counter', cancelled_by: 'branch.manager@example.com' });
    // The typed reason is for managers: the order's read shows it to them, never to the member.
    const read = (s: Session) => s.request({ method: 'GET', url: `/api/resource/Sales Invoice/${encodeURIComponent(siam)}` });
    for (const s of [lm, bm]) expect((await read(s)).json().data).toMatchObject({ status: 'Cancelled', cancel_reason: 'manager', cancel_note: 'member asked at the counter' });
    expect((await read(m.session)).json().data).not.toHaveProperty('cancel_note');
    expect((await lm.call(O.cancelOrder, { order: chiangmai, reason: 'branch closed' })).statusCode).toBe(200);
    expect(await balanceOf(db(), m.customer)).toBe(60);

    const address = await addAddress(server, m.customer);
    const unpaid = (await m.session.call(PLACE_ORDER, purchaseArgs(address))).json().message.name as string;
    const paid = (await m.session.call(PLACE_ORDER, purchaseArgs(address))).json().message.name as string;
    expect((await admin.call('member_rewards.orders.confirm_payment', { order: paid })).statusCode).toBe(200);
    expect(errorCode(await lm.call(O.cancelOrder, { order: paid, reason: 'changed mind' }))).toBe('order_paid');
    expect(errorCode(await bm.call(O.cancelOrder, { order: unpaid, reason: 'x' }))).toBe('not_your_branch');
    expect((await lm.call(O.cancelOrder, { order: unpaid, reason: 'no transfer' })).json().message).toMatchObject({ status: 'Cancelled', cancel_reason: 'manager' });
    for (const s of [m.session, staff]) expect((await s.call(O.cancelOrder, { order: unpaid, reason: 'x' })).statusCode).toBe(403);
  });
});

describe('the jobs', () => {
  it('a reward not collected by its valid-until day expires, its stock comes back, and its points when the programme says so', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 40);
    const back = await redeem(m, 'LC-STOCK', 10);
    const due = (await invoice(back)).due_date;
    expect(due).toBe(addDays(today(), 30));
    await expireUncollected(db(), bangkok(due, '23:59:59'));
    expect((await invoice(back)).status).toBe('Paid');
    const after = addDays(due, 1);
    await Promise.all([expireUncollected(db(), bangkok(after, '00:00:01')), expireUncollected(db(), bangkok(after, '00:00:01'))]);
    expect(await invoice(back)).toMatchObject({ status: 'Cancelled', cancel_reason: 'uncollected', cancelled_by: 'Administrator' });
    expect((await notes(back)).map((n) => n.status)).toEqual(['Cancelled']);
    // Every unit is back: this order's, and the first member's re-order, also uncollected by then.
    expect(await stock('LC-STOCK')).toBe(3);
    expect(await balanceOf(db(), m.customer, after)).toBe(40);
    const returned = (await entries(m.customer)).filter((r) => r.entry_type === 'refund');
    expect(returned.map((r) => [r.source, r.loyalty_points, r.posting_date])).toEqual([['reward_uncollected', 10, after]]);
    expect((await auditOf(server, back)).filter((r) => r.action === 'expire_reward').map((r) => [r.user, r.role])).toEqual([['Administrator', 'Job']]);

    // A programme that keeps the points of an uncollected reward: the stock still comes back.
    expect((await lm.call(P.updateRules, { rules: { uncollected_points_back: false } })).statusCode).toBe(200);
    const kept = await redeem(m, 'GIFT-TOTE', 15);
    await expireUncollected(db(), bangkok(addDays(today(), 31), '08:00:00'));
    expect(await invoice(kept)).toMatchObject({ status: 'Cancelled', cancel_reason: 'uncollected' });
    expect(await balanceOf(db(), m.customer, addDays(today(), 31))).toBe(40 - 15);
    expect((await lm.call(P.updateRules, { rules: { uncollected_points_back: true } })).statusCode).toBe(200);
  });

  it('a crash halfway through leaves whole orders done, and the next run finishes the rest, once each', async () => {
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) {
      const m = await createMember(server);
      await givePoints(server, m.customer, 15);
      orders.push(await redeem(m, 'GIFT-TOTE', 15));
    }
    for (const o of orders) await db().update(salesInvoices).set({ due_date: addDays(today(), -1) }).where(eq(salesInvoices.name, o));
    // The process dies during its second order's transaction.
    let calls = 0;
    const crashing = new Proxy(db(), {
      get(target, prop, receiver) {
        if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
        return (fn: Parameters<typeof target.transaction>[0]) => (++calls === 2 ? Promise.reject(new Error('crash')) : target.transaction(fn));
      },
    }) as ReturnType<typeof db>;
    await expect(expireUncollected(crashing, new Date())).rejects.toThrow('crash');
    const state = async () =>
      Promise.all(
        orders.map(async (o) => [
          (await invoice(o)).status,
          (await db().select().from(loyaltyPointEntries).where(and(eq(loyaltyPointEntries.invoice, o), eq(loyaltyPointEntries.entry_type, 'refund')))).length,
          (await auditOf(server, o)).filter((r) => r.action === 'expire_reward').length,
        ]),
      );
    // Each order is either wholly expired (cancelled, points back, audited) or untouched.
    for (const [status, refunds, audits] of await state()) expect([['Cancelled', 1, 1], ['Paid', 0, 0]]).toContainEqual([status, refunds, audits]);
    expect((await state()).some(([status]) => status === 'Paid')).toBe(true);
    await expireUncollected(db(), new Date());
    await expireUncollected(db(), new Date());
    expect(await state()).toEqual(orders.map(() => ['Cancelled', 1, 1]));
  });

  it('an unpaid bank transfer is cancelled after its due day (stock and spent points back); a payment confirmed later is refused', async () => {
    const m = await createMember(server);
    const address = await addAddress(server, m.customer);
    const order = (await m.session.call(PLACE_ORDER, purchaseArgs(address))).json().message.name as string;
    const due = (await invoice(order)).due_date;
    expect(due).toBe(addDays(today(), 3));
    await cancelUnpaid(db(), bangkok(due, '23:59:59'));
    expect((await invoice(order)).status).toBe('Unpaid');
    const results = await Promise.all([cancelUnpaid(db(), bangkok(addDays(due, 1), '00:00:00')), cancelUnpaid(db(), bangkok(addDays(due, 1), '00:00:00'))]);
    expect(results.reduce((s, r) => s + r.orders, 0)).toBeGreaterThanOrEqual(1);
    expect(await invoice(order)).toMatchObject({ status: 'Cancelled', cancel_reason: 'unpaid' });
    expect((await auditOf(server, order)).filter((r) => r.action === 'cancel_order')).toHaveLength(1);
    const late = await admin.call('member_rewards.orders.confirm_payment', { order });
    expect(late.statusCode).toBe(417);
    expect(errorCode(late)).toBe('order_cancelled');
    expect(await balanceOf(db(), m.customer)).toBe(0);
  });
});

describe('refunds', () => {
  it('take back the points in proportion, the order’s own batch first, never below zero; the shortfall is recorded and listed', async () => {
    const m = await createMember(server);
    const address = await addAddress(server, m.customer);
    const placed = (await m.session.call(PLACE_ORDER, purchaseArgs(address))).json().message;
    expect((await admin.call('member_rewards.orders.confirm_payment', { order: placed.name })).statusCode).toBe(200);
    const earned = placed.points_earned as number;
    expect(earned).toBeGreaterThan(20);
    expect((await standingOf(db(), m.customer)).basis).toBe(earned);
    // The member spends nearly all of it.
    await earnFromPurchase(server, m.customer, 5);
    const spend = earned + 5 - 3;
    const program = await programOf(db(), m.customer);
    await redeemPoints(db(), { customer: m.customer, program: program!, points: spend, invoice: 'SINV-SPENT' });
    expect(await balanceOf(db(), m.customer)).toBe(3);

    const refund = (amount: number, key: string) => lm.call(O.refundOrder, { order: placed.name, amount, reason: 'returned goods' }, 'POST', { 'idempotency-key': key });
    expect(errorCode(await lm.call(O.refundOrder, { order: placed.name, amount: 1, reason: 'x' }))).toBe('idempotency_key_required');
    const half = Math.round((placed.grand_total / 2) * 100) / 100;
    const first = await refund(half, `r1-${placed.name}`);
    expect(first.statusCode, first.body).toBe(200);
    const due1 = Math.floor((earned * Math.round(half * 100)) / Math.round(placed.grand_total * 100));
    expect(first.json().message).toMatchObject({ status: 'Paid', refunded_amount: half, loyalty_points: 0, refund: { points_due: due1, points_reversed: 3, points_shortfall: due1 - 3 } });
    // The same click again (same key): one refund.
    expect((await refund(half, `r1-${placed.name}`)).json().message.refund.name).toBe(first.json().message.refund.name);
    expect(await balanceOf(db(), m.customer)).toBe(0);

    const rest = Math.round((placed.grand_total - half) * 100) / 100;
    expect(errorCode(await refund(rest + 1, `too-much-${placed.name}`))).toBe('refund_too_large');
    await earnFromPurchase(server, m.customer, 100);
    const second = (await refund(rest, `r2-${placed.name}`)).json().message;
    expect(second).toMatchObject({ status: 'Refunded', refunded_amount: placed.grand_total, refund: { points_due: earned - due1, points_shortfall: 0 } });
    // Never more than the order earned, in all; the tier loses it all, shortfall included.
    const reversed = (await entries(m.customer)).filter((r) => r.entry_type === 'reverse' && r.invoice === placed.name).reduce((s, r) => s - r.loyalty_points, 0);
    expect(reversed + (due1 - 3)).toBe(earned);
    expect((await standingOf(db(), m.customer)).basis).toBe(5 + 100);
    const listed = (await lm.call(O.listRefunds, { customer: m.customer }, 'GET')).json().message;
    expect(listed).toMatchObject({ total: 2, shortfall_points: due1 - 3 });
    const onlyShort = (await lm.call(O.listRefunds, { customer: m.customer, shortfall_only: 1 }, 'GET')).json().message;
    expect(onlyShort.rows.map((r: { points_shortfall: number }) => r.points_shortfall)).toEqual([due1 - 3]);
    expect((await auditOf(server, placed.name)).filter((r) => r.action === 'refund_order')).toHaveLength(2);
    for (const s of [bm, m.session]) expect((await s.call(O.listRefunds, {}, 'GET')).statusCode).toBe(403);
    const unpaid = (await m.session.call(PLACE_ORDER, purchaseArgs(address))).json().message.name;
    expect(errorCode(await lm.call(O.refundOrder, { order: unpaid, amount: 1, reason: 'x' }, 'POST', { 'idempotency-key': `u-${unpaid}` }))).toBe('order_not_paid');
  });

  it('a cancellation by a manager in code (no request) writes the same: the job actor and the day given', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 15);
    const order = await redeem(m, 'GIFT-TOTE', 15);
    const result = await cancelAsManager(db(), { order, reason: 'test', actor: JOB_ACTOR, day: today(), onlyBranch: null });
    expect(result).toMatchObject({ status: 'Cancelled', points_returned: 15 });
    const rows = await db().select().from(loyaltyPointEntries).where(and(eq(loyaltyPointEntries.invoice, order), eq(loyaltyPointEntries.entry_type, 'refund')));
    expect(rows).toHaveLength(1);
  });
});
