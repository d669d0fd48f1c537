import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ADMIN, createMember, createTestServer, Session, type TestServer } from '../support/server';
import { openDatabase, type Database } from '../../server/db/client';
import { auditLog } from '../../server/db/schema/audit';
import { users } from '../../server/db/schema/auth';
import { loyaltyPointEntries as E, pointExpiryReminders } from '../../server/db/schema/loyalty';
import { salesInvoices } from '../../server/db/schema/orders';
import { reportDaily } from '../../server/db/schema/reports';
import { addDays, balanceOf, earnPoints, programOf } from '../../server/modules/loyalty/ledger';
import { today } from '../../contracts/business-day';
import { runLoyaltyJobs } from '../../server/modules/schedule/index';
import { snapshotReports } from '../../server/modules/reports/service';
import { addAddress, gift, givePoints, PLACE_ORDER } from '../server/orders/support';

/**
 * Two instances on one PostgreSQL database run every loyalty job at the same moment, twice over (each through its
 * own connection pool and its own scheduler): every effect happens once, because the data makes it once. Needs
 * TEST_DATABASE_URL.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the loyalty jobs on two instances (PostgreSQL)', () => {
  let server: TestServer;
  let other: Database;
  const customers: string[] = [];
  const batches: string[] = [];
  const rewardOrders: string[] = [];
  const unpaid: string[] = [];
  let birthdayMember = '';
  // Forty days on: batches, reward orders and transfers placed today are all due by then.
  const later = addDays(today(), 40);
  const clock = () => new Date(`${later}T00:30:00+07:00`);

  beforeAll(async () => {
    server = await createTestServer({ seedDemo: true });
    other = await openDatabase({ dataDir: '', databaseUrl: server.databaseUrl });
    const db = server.database.db;
    for (let i = 0; i < 4; i++) {
      const m = await createMember(server);
      const program = await programOf(db, m.customer);
      customers.push(m.customer);
      await givePoints(server, m.customer, 15);
      const order = await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15));
      expect(order.statusCode, order.body).toBe(200);
      rewardOrders.push(order.json().message.name);
      // One batch ends before the clock's day, one is 20 days from it (its 30-day reminder is due).
      batches.push((await earnPoints(db, { customer: m.customer, program: program!, points: 10 + i, source: 'purchase', expiryDate: addDays(later, -1 - i) })).name);
      batches.push((await earnPoints(db, { customer: m.customer, program: program!, points: 20, source: 'purchase', expiryDate: addDays(later, 20) })).name);
      const address = await addAddress(server, m.customer);
      const bought = await m.session.call(PLACE_ORDER, { billing_address: address, shipping_address: '', loyalty_points: null, items: [{ item_code: 'SNEAKER-BLACK', qty: 1 }], payment_method: 'bank-transfer' });
      unpaid.push(bought.json().message.name);
      if (i === 0) {
        birthdayMember = m.customer;
        await db.update(users).set({ birth_date: `1990-${later.slice(5, 7)}-20` }).where(eq(users.name, m.name));
      }
    }
    const admin = new Session(server.app);
    await admin.login(ADMIN.usr, ADMIN.pwd);
  }, 180_000);
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  it('expiries, reminders, uncollected rewards, unpaid transfers, birthdays, tiers and the snapshot: each once', async () => {
    const runs = await Promise.all([server.database.db, other.db, server.database.db, other.db].map((db) => runLoyaltyJobs(db, clock())));
    for (const run of runs) expect(run.filter((r) => !r.ok), JSON.stringify(run)).toEqual([]);
    const db = server.database.db;

    const expired = await db
      .select({ batch: E.redeem_against, n: sql<number>`count(*)::int` })
      .from(E)
      .where(and(eq(E.entry_type, 'expire'), eq(E.source, 'expiry')))
      .groupBy(E.redeem_against);
    expect(expired.filter((r) => Number(r.n) !== 1)).toEqual([]);
    for (let i = 0; i < 4; i++) expect(expired.map((r) => r.batch)).toContain(batches[i * 2]);
    const expiryAudits = await db.select().from(auditLog).where(eq(auditLog.action, 'expire_points'));
    for (const c of customers) expect(expiryAudits.filter((r) => r.ref_name === c)).toHaveLength(1);

    const reminders = await db.select().from(pointExpiryReminders);
    for (let i = 0; i < 4; i++) expect(reminders.filter((r) => r.batch === batches[i * 2 + 1])).toMatchObject([{ days_before: 30, points: 20, remind_on: later }]);

    for (const order of rewardOrders) {
      const [inv] = await db.select().from(salesInvoices).where(eq(salesInvoices.name, order));
      expect(inv).toMatchObject({ status: 'Cancelled', cancel_reason: 'uncollected' });
      const back = await db.select().from(E).where(and(eq(E.invoice, order), eq(E.entry_type, 'refund')));
      expect(back.reduce((s, r) => s + r.loyalty_points, 0)).toBe(15);
      expect(await db.select().from(auditLog).where(and(eq(auditLog.ref_name, order), eq(auditLog.action, 'expire_reward')))).toHaveLength(1);
    }
    for (const order of unpaid) {
      const [inv] = await db.select().from(salesInvoices).where(eq(salesInvoices.name, order));
      expect(inv).toMatchObject({ status: 'Cancelled', cancel_reason: 'unpaid' });
      expect(await db.select().from(auditLog).where(and(eq(auditLog.ref_name, order), eq(auditLog.action, 'cancel_order')))).toHaveLength(1);
    }
    const birthday = await db.select().from(E).where(and(eq(E.customer, birthdayMember), eq(E.source, 'birthday')));
    expect(birthday).toHaveLength(1);

    // The snapshot catches up 120 days a run: a few more, on both instances at once, until it holds every day.
    for (let i = 0; i < 4; i++) await Promise.all([snapshotReports(db, clock()), snapshotReports(other.db, clock())]);
    const days = await db.select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${reportDaily.day})::int`, last: sql<string>`max(${reportDaily.day})::text` }).from(reportDaily);
    expect(Number(days[0]!.n)).toBe(Number(days[0]!.distinct));
    expect(days[0]!.last).toBe(addDays(later, -1));

    // And the balance is still the sum of the entries for each of these members, on the clock's day.
    for (const c of customers) {
      const rows = (await db.select().from(E).where(eq(E.customer, c))).filter((r) => r.posting_date <= later);
      expect(await balanceOf(db, c, later)).toBe(rows.reduce((s, r) => s + r.loyalty_points, 0));
    }
  }, 300_000);
});
