import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createMember, createTestServer, type TestServer } from '../../support/server';
import { items } from '../../../server/db/schema/catalog';
import { balance, earnFromPurchase, gift, givePoints, invoicesOf, PLACE_ORDER } from './support';
import { errorCode, message } from '../admin/support';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
}, 120_000);
afterAll(() => server.close());

async function rewardItem(code: string, extra: Partial<typeof items.$inferInsert>) {
  await server.database.db.insert(items).values({ name: code, item_code: code, item_name: `รางวัล ${code}`, item_group: 'Gift', loyalty_points_based_price: 10, ...extra });
}
const stockOf = async (code: string) => (await server.database.db.select().from(items).where(eq(items.item_code, code)))[0]!;

describe('stock, per-member limits and tiers inside the redemption', () => {
  it('takes counted stock with each order; the last unit out leaves the item out of stock with a clear 417', async () => {
    await rewardItem('STOCK-2', { stock_qty: 2 });
    const m = await createMember(server);
    await givePoints(server, m.customer, 100);
    expect((await m.session.call(PLACE_ORDER, gift('STOCK-2', 20, { items: [{ item_code: 'STOCK-2', qty: 2 }] }))).statusCode).toBe(200);
    expect(await stockOf('STOCK-2')).toMatchObject({ stock_qty: 0, in_stock: false });
    const res = await m.session.call(PLACE_ORDER, gift('STOCK-2', 10));
    expect(res.statusCode).toBe(417);
    expect(errorCode(res)).toBe('out_of_stock');
    expect(message(res)).toBe('STOCK-2 Not in Stock');
    expect(await balance(server, m.customer)).toBe(80);
  });

  it('refuses more units than are left, leaving the stock and the points as they were', async () => {
    await rewardItem('STOCK-3', { stock_qty: 3 });
    const m = await createMember(server);
    await givePoints(server, m.customer, 100);
    const res = await m.session.call(PLACE_ORDER, gift('STOCK-3', 40, { items: [{ item_code: 'STOCK-3', qty: 4 }] }));
    expect(errorCode(res)).toBe('out_of_stock');
    expect((await stockOf('STOCK-3')).stock_qty).toBe(3);
    expect(await balance(server, m.customer)).toBe(100);
  });

  it('counts every unit a member ever ordered against the per-member limit', async () => {
    await rewardItem('LIMIT-2', { per_member_limit: 2 });
    const m = await createMember(server);
    await givePoints(server, m.customer, 100);
    expect((await m.session.call(PLACE_ORDER, gift('LIMIT-2', 10))).statusCode).toBe(200);
    const over = await m.session.call(PLACE_ORDER, gift('LIMIT-2', 20, { items: [{ item_code: 'LIMIT-2', qty: 2 }] }));
    expect(over.statusCode).toBe(417);
    expect(errorCode(over)).toBe('over_member_limit');
    expect(message(over)).toBe('รางวัล LIMIT-2: at most 2 per member');
    expect((await m.session.call(PLACE_ORDER, gift('LIMIT-2', 10))).statusCode).toBe(200);
    expect(errorCode(await m.session.call(PLACE_ORDER, gift('LIMIT-2', 10)))).toBe('over_member_limit');
    // Another member has their own allowance.
    const other = await createMember(server);
    await givePoints(server, other.customer, 20);
    expect((await other.session.call(PLACE_ORDER, gift('LIMIT-2', 20, { items: [{ item_code: 'LIMIT-2', qty: 2 }] }))).statusCode).toBe(200);
  });

  it('holds the per-member limit when one member sends 20 orders at once', async () => {
    await rewardItem('LIMIT-RACE', { per_member_limit: 2 });
    const m = await createMember(server);
    await givePoints(server, m.customer, 500);
    const results = await Promise.all(Array.from({ length: 20 }, () => m.session.call(PLACE_ORDER, gift('LIMIT-RACE', 10))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => errorCode(r) === 'over_member_limit')).toHaveLength(18);
    expect(await balance(server, m.customer)).toBe(480);
  }, 60_000);

  it('gives a tier-limited reward only to members of those tiers (tier from points earned)', async () => {
    await rewardItem('GOLD-ONLY', { eligible_tiers: ['Gold', 'Platinum'] });
    const m = await createMember(server);
    await earnFromPurchase(server, m.customer, 20); // Silver
    // A goodwill adjustment is spendable but is not spending: it moves no tier.
    await givePoints(server, m.customer, 30);
    const refused = await m.session.call(PLACE_ORDER, gift('GOLD-ONLY', 10));
    expect(refused.statusCode).toBe(417);
    expect(errorCode(refused)).toBe('tier_not_eligible');
    await earnFromPurchase(server, m.customer, 20); // 40 earned: Gold
    expect((await m.session.call(PLACE_ORDER, gift('GOLD-ONLY', 10))).statusCode).toBe(200);
  });

  it('never takes stock below zero: 100 concurrent redemptions by 10 members for 5 units → exactly 5', async () => {
    await rewardItem('RACE-5', { stock_qty: 5 });
    const members = [];
    for (let i = 0; i < 10; i++) {
      const m = await createMember(server);
      await givePoints(server, m.customer, 100);
      members.push(m);
    }
    const results = await Promise.all(members.flatMap((m) => Array.from({ length: 10 }, () => m.session.call(PLACE_ORDER, gift('RACE-5', 10)))));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(5);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(417);
      expect(errorCode(r)).toBe('out_of_stock');
    }
    expect(await stockOf('RACE-5')).toMatchObject({ stock_qty: 0, in_stock: false });
    let spent = 0;
    let orders = 0;
    for (const m of members) {
      spent += 100 - (await balance(server, m.customer));
      orders += (await invoicesOf(server, m.customer)).length;
    }
    expect(spent).toBe(50);
    expect(orders).toBe(5);
  }, 120_000);
});
