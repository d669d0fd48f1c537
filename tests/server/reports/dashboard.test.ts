import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN, createMember, createTestServer, Session, type TestServer } from '../../support/server';
import { REPORT_COLUMNS, REPORT_FIGURES, REPORT_METHODS as R, type Dashboard } from '../../../contracts/reports';
import { ORDER_LIFECYCLE_METHODS as O } from '../../../contracts/order-lifecycle';
import { customers } from '../../../server/db/schema/customers';
import { loyaltyPointEntries } from '../../../server/db/schema/loyalty';
import { deliveryNotes, salesInvoiceItems, salesInvoices } from '../../../server/db/schema/orders';
import { BRANCHES } from '../../../server/seed/constants';
import { addDays, standingOf } from '../../../server/modules/loyalty/ledger';
import { today } from '../../../contracts/business-day';
import { expirePoints, refreshTiers } from '../../../server/modules/loyalty/jobs';
import { dashboard, snapshotReports } from '../../../server/modules/reports/service';
import { parseCsv } from '../../../server/modules/admin/csv';
import { addAddress, gift, givePoints, PLACE_ORDER } from '../orders/support';
import { managers } from '../admin/support';

vi.setConfig({ testTimeout: 90_000 });

let server: TestServer;
let lm: Session;
let bm: Session;
const [SIAM, CHIANGMAI] = BRANCHES;
const db = () => server.database.db;

beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
  ({ loyalty: lm, branch: bm } = await managers(server));
  const admin = new Session(server.app);
  await admin.login(ADMIN.usr, ADMIN.pwd);
  // Today's life on top of the seeded months: redemptions at both branches, one cancelled, a paid and refunded purchase.
  const m = await createMember(server);
  await givePoints(server, m.customer, 80);
  const kept = await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15, { branch: SIAM }));
  expect(kept.statusCode, kept.body).toBe(200);
  const dropped = (await m.session.call(PLACE_ORDER, gift('GIFT-TUMBLER', 20, { branch: CHIANGMAI }))).json().message.name;
  expect((await m.session.call(O.cancelRewardOrder, { order: dropped })).statusCode).toBe(200);
  const address = await addAddress(server, m.customer);
  const bought = (await m.session.call(PLACE_ORDER, { billing_address: address, shipping_address: '', loyalty_points: null, items: [{ item_code: 'SNEAKER-BLACK', qty: 1 }], payment_method: 'bank-transfer', delivery_method: 'pickup', branch: SIAM })).json().message;
  expect((await admin.call('member_rewards.orders.confirm_payment', { order: bought.name })).statusCode).toBe(200);
  expect((await lm.call(O.refundOrder, { order: bought.name, amount: 100, reason: 'damaged box' }, 'POST', { 'idempotency-key': 'dash-refund' })).statusCode).toBe(200);
  await expirePoints(db(), new Date());
  await refreshTiers(db(), new Date());
}, 180_000);
afterAll(() => server.close());

/** Every figure again, from the Loyalty Point Entry rows and the orders as they are, in plain code. */
async function recompute(from: string, to: string, branch: string | null) {
  const rows = await db().select().from(loyaltyPointEntries);
  const inRange = rows.filter((r) => r.posting_date >= from && r.posting_date <= to && (branch === null || (r.branch ?? '') === branch));
  const sum = (types: string[], sign = 1) => sign * inRange.filter((r) => types.includes(r.entry_type)).reduce((s, r) => s + r.loyalty_points, 0) + 0;
  const end = to < today() ? to : today();
  const active = (days: number) =>
    new Set(rows.filter((r) => ['earn', 'redeem'].includes(r.entry_type) && r.posting_date > addDays(end, -days) && r.posting_date <= end && (branch === null || (r.branch ?? '') === branch)).map((r) => r.customer)).size;
  const outstanding = rows.filter((r) => r.posting_date <= end && r.expiry_date >= end).reduce((s, r) => s + r.loyalty_points, 0);
  const invoices = await db().select().from(salesInvoices);
  const rewardOrders = invoices.filter((i) => i.order_type === 'redemption' && i.posting_date >= from && i.posting_date <= to && (branch === null || (i.branch ?? '') === branch)).length;
  // Top rewards: reward units placed in the range, less those whose note was cancelled in the range.
  const lines = await db().select().from(salesInvoiceItems);
  const notes = await db().select().from(deliveryNotes);
  const bangkokDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(d);
  const units = new Map<string, number>();
  for (const l of lines.filter((x) => x.loyalty_points > 0)) {
    const inv = invoices.find((i) => i.name === l.parent)!;
    if (branch !== null && (inv.branch ?? '') !== branch) continue;
    if (inv.posting_date >= from && inv.posting_date <= to) units.set(l.item_code, (units.get(l.item_code) ?? 0) + l.qty);
    const note = notes.find((n) => n.sales_invoice_item === l.id && n.status === 'Cancelled');
    const day = note?.cancelled_at ? bangkokDay(note.cancelled_at) : null;
    if (day && day >= from && day <= to) units.set(l.item_code, (units.get(l.item_code) ?? 0) - l.qty);
  }
  const issued = sum(['earn', 'bonus']);
  return {
    points: { issued, redeemed: sum(['redeem'], -1), refunded: sum(['refund']), expired: sum(['expire'], -1), adjusted: sum(['adjust']), reversed: sum(['reverse'], -1), outstanding },
    active_30: active(30),
    active_90: active(90),
    reward_orders: rewardOrders,
    top_units: Object.fromEntries([...units].filter(([, n]) => n > 0)),
  };
}

const days = (n: number) => ({ from_date: addDays(today(), -(n - 1)), to_date: today() });

describe('the dashboard', () => {
  it('every figure equals the ledger recomputed, for several ranges and branches, with and without the snapshot', async () => {
    // Catch the snapshot up (a first run on a year of history takes a few).
    for (let i = 0; i < 6 && (await snapshotReports(db(), new Date())).written > 0; i++);
    const ranges = [days(1), days(7), days(30), days(90), days(400), { from_date: addDays(today(), -60), to_date: addDays(today(), -20) }];
    for (const range of ranges) {
      for (const branch of [null, SIAM, CHIANGMAI]) {
        const q = { ...range, branch };
        const fast = await dashboard(db(), q);
        const slow = await dashboard(db(), q, { snapshot: false });
        const label = JSON.stringify(q);
        expect({ ...fast, snapshot: null }, label).toEqual({ ...slow, snapshot: null });
        const truth = await recompute(range.from_date, range.to_date, branch);
        expect(fast.points, label).toEqual(truth.points);
        expect(fast.members.active_30, label).toBe(truth.active_30);
        expect(fast.members.active_90, label).toBe(truth.active_90);
        expect(fast.reward_orders, label).toBe(truth.reward_orders);
        expect(Object.fromEntries(fast.top_rewards.map((r) => [r.item_code, r.units])), label).toEqual(truth.top_units);
        expect(fast.liability_baht).toBe(truth.points.outstanding * fast.point_value_baht);
        expect(fast.daily.reduce((s, d) => s + d.issued, 0)).toBe(truth.points.issued);
        if (range.to_date < today()) expect(fast.snapshot.days_from_ledger, label).toBe(0);
      }
    }
    const year = await dashboard(db(), days(400));
    // Every finished day since the first ledger row comes from the snapshot; only today (and the days before the
    // programme had any row) from the ledger.
    const first = (await db().select().from(loyaltyPointEntries)).map((r) => r.posting_date).sort()[0]!;
    expect(year.snapshot.days_from_snapshot).toBe(Math.round((Date.parse(today()) - Date.parse(first)) / 86_400_000));
    expect(year.snapshot.days_from_snapshot + year.snapshot.days_from_ledger).toBe(400);
    expect(year.points.expired).toBeGreaterThan(0);
    expect(year.points.reversed).toBeGreaterThan(0);
    expect(year.points.refunded).toBe(20);
    expect(year.branch_ranking.map((b) => b.branch).sort()).toEqual([...BRANCHES].sort());
  });

  it('counts members and tiers as the programme has them', async () => {
    const d = await dashboard(db(), days(30));
    const all = await db().select().from(customers);
    expect(d.members.total).toBe(all.length);
    const counted: Record<string, number> = {};
    for (const c of all) {
      const tier = (await standingOf(db(), c.name)).tier?.name ?? '';
      counted[tier] = (counted[tier] ?? 0) + 1;
    }
    expect(Object.fromEntries(d.tier_distribution.map((t) => [t.tier, t.members]))).toEqual(counted);
    expect(d.members.new).toBeGreaterThan(0);
  });

  it('counts members stored with an empty tier and with no tier together, under one entry', async () => {
    const [a, b] = await db().select().from(customers).limit(2);
    await db().update(customers).set({ loyalty_program_tier: null }).where(eq(customers.name, a!.name));
    await db().update(customers).set({ loyalty_program_tier: '' }).where(eq(customers.name, b!.name));
    try {
      const d = await dashboard(db(), days(30));
      const stored = (await db().select().from(customers)).map((c) => c.loyalty_program_tier ?? '');
      const none = d.tier_distribution.filter((t) => t.tier === '');
      expect(none).toEqual([{ tier: '', members: stored.filter((t) => t === '').length }]);
      expect(none[0]!.members).toBeGreaterThanOrEqual(2);
      expect(d.tier_distribution.reduce((s, t) => s + t.members, 0)).toBe(stored.length);
    } finally {
      for (const c of [a!, b!]) await db().update(customers).set({ loyalty_program_tier: c.loyalty_program_tier }).where(eq(customers.name, c.name));
    }
  });

  it('is the Loyalty Manager’s, answers by its contract, and exports each figure as CSV', async () => {
    const res = await lm.call(R.dashboard, days(30), 'GET');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().message as Dashboard;
    expect(d.as_of).toBe(today());
    expect((await bm.call(R.dashboard, days(30), 'GET')).statusCode).toBe(403);
    expect((await lm.call(R.dashboard, { from_date: today(), to_date: addDays(today(), -1) }, 'GET')).statusCode).toBe(417);
    expect((await lm.call(R.dashboard, { from_date: '2020-01-01', to_date: '2026-01-01' }, 'GET')).statusCode).toBe(417);
    for (const figure of REPORT_FIGURES) {
      const csv = await lm.call(R.export, { ...days(30), figure }, 'GET');
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
      const rows = parseCsv(csv.body).map((r) => r.fields);
      expect(rows[0]).toEqual([...REPORT_COLUMNS[figure]]);
      if (figure === 'summary') expect(Object.fromEntries(rows.slice(1))).toMatchObject({ points_issued: String(d.points.issued), points_outstanding: String(d.points.outstanding), liability_baht: String(d.liability_baht) });
      if (figure === 'daily') expect(rows).toHaveLength(31);
      if (figure === 'tier_distribution') expect(rows.slice(1).map((r) => r[0])).toEqual(d.tier_distribution.map((t) => t.tier));
    }
    expect((await bm.call(R.export, { ...days(30), figure: 'summary' }, 'GET')).statusCode).toBe(403);
  });

  it('refuses days outside 1900-2200 with their code, the dashboard and its CSV alike', async () => {
    for (const range of [{ from_date: '9999-12-01', to_date: '9999-12-31' }, { from_date: '0000-12-01', to_date: '0001-01-01' }, { from_date: '1899-12-31', to_date: '1900-01-01' }]) {
      for (const [method, args] of [[R.dashboard, range], [R.export, { ...range, figure: 'daily' }]] as const) {
        const res = await lm.call(method, args, 'GET');
        expect(res.statusCode, `${method} ${JSON.stringify(args)}`).toBe(417);
        expect(res.json().error_code).toBe('date_out_of_range');
      }
    }
  });
});
