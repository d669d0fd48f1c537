import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestServer, type TestServer } from '../../support/server';
import { addDays, earnPoints, programOf, redeemPoints } from '../../../server/modules/loyalty/ledger';
import { LOYALTY_METHODS, POINTS_PAGE_MAX } from '../../../contracts/loyalty';
import { today } from '../../../contracts/business-day';
import { loyaltyPointEntries as E, loyaltyPrograms, loyaltyTiers } from '../../../server/db/schema/loyalty';
import { DEMO_TIERS } from '../../../server/seed/loyalty';

/**
 * The points history comes a page at a time, newest first: the cursor of one answer brings the next page with no
 * row twice and none skipped (rows posted the same day, even written in the same instant, included), while the
 * balance and the next expiry stay those of the whole ledger on every page.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  await server.database.db.insert(loyaltyPrograms).values({ name: 'Member Rewards', collection_factor: 25, conversion_factor: 1, expiry_duration: 365 });
  await server.database.db.insert(loyaltyTiers).values(DEMO_TIERS.map((t) => ({ ...t, loyalty_program: 'Member Rewards' })));
}, 120_000);
afterAll(() => server?.close());

interface Row {
  name: string;
  customer: string;
  posting_date: string;
  loyalty_points: number;
}
interface Details {
  loyalty_points: number;
  points_earned: number;
  total_spent: number;
  loyalty_program_tier: string | null;
  next_expiry_date: string | null;
  next_expiry_points: number;
  record: Row[];
  next_before: string | null;
}

const details = async (m: Awaited<ReturnType<typeof createMember>>, args: Record<string, unknown> = {}) => {
  const res = await m.session.call(LOYALTY_METHODS.pointsDetails, args, 'GET');
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return res.json().message as Details;
};

/** Earn rows written by one statement: they share the posting day and the instant they were written. */
async function batchesAtOnce(customer: string, prefix: string, count: number, points: number, postingDate: string, expiryDate: string) {
  await server.database.db.execute(sql`insert into loyalty_point_entries (name, customer, loyalty_program, loyalty_points, posting_date, expiry_date, entry_type, source)
    select ${prefix} || lpad(g::text, 3, '0'), ${customer}, 'Member Rewards', ${points}, ${postingDate}::date, ${expiryDate}::date, 'earn', 'purchase'
    from generate_series(1, ${count}) g`);
}

/** Every row of the member, in the history's order as the member reads it: latest day first, then latest written. */
async function ledgerOrder(customer: string): Promise<string[]> {
  const rows = await server.database.db
    .select({ name: E.name })
    .from(E)
    .where(eq(E.customer, customer))
    .orderBy(desc(E.posting_date), desc(E.created_at), desc(E.name));
  return rows.map((r) => r.name);
}

/**
 * 26 rows: a redemption today, one batch a day for the 9 days before, 3 batches written one by one and 12 written at
 * once 10 days ago, and a 7-point batch 40 days ago that expires in 5 days (4 of it spent by the redemption).
 */
async function memberWithLongHistory() {
  const m = await createMember(server);
  const day = today();
  const program = (await programOf(server.database.db, m.customer))!;
  await earnPoints(server.database.db, { customer: m.customer, program, points: 7, source: 'purchase', postingDate: addDays(day, -40), expiryDate: addDays(day, 5) });
  await batchesAtOnce(m.customer, `TIE-${m.customer}-`, 12, 5, addDays(day, -10), addDays(day, 20));
  for (let i = 0; i < 3; i++) {
    await earnPoints(server.database.db, { customer: m.customer, program, points: 2, source: 'purchase', postingDate: addDays(day, -10), expiryDate: addDays(day, 20) });
  }
  for (let d = 9; d >= 1; d--) {
    await earnPoints(server.database.db, { customer: m.customer, program, points: 3, source: 'purchase', postingDate: addDays(day, -d), expiryDate: addDays(day, 30 + d) });
  }
  await redeemPoints(server.database.db, { customer: m.customer, program, points: 4, invoice: `SINV-PAGES-${m.customer}` });
  return m;
}

describe('get_loyalty_points_details, a page at a time', () => {
  it('a member with more rows than a page gets one page, newest first, and the cursor brings the rest with no row twice or skipped', async () => {
    const m = await memberWithLongHistory();
    const all = await ledgerOrder(m.customer);
    expect(all).toHaveLength(26);
    for (const limit of [1, 4, 10, 13, 25, 26]) {
      const pages: Row[][] = [];
      let before: string | undefined;
      for (let guard = 0; guard < 30; guard++) {
        const page = await details(m, { limit, ...(before ? { before } : {}) });
        pages.push(page.record);
        if (!page.next_before) break;
        before = page.next_before;
      }
      // Every page but the last is full, the last is not empty, and no page past the end is offered.
      expect(pages.map((p) => p.length)).toEqual(Array.from({ length: Math.ceil(26 / limit) }, (_, i) => Math.min(limit, 26 - i * limit)));
      expect(pages.flat().map((r) => r.name)).toEqual(all);
    }
    // The first page is the newest rows: today's redemption, then the batches of the days before.
    const first = await details(m, { limit: 4 });
    expect(await details(m, { limit: 4, before: '' })).toEqual(first);
    expect(first.record.map((r) => [r.posting_date, r.loyalty_points])).toEqual([
      [today(), -4],
      [addDays(today(), -1), 3],
      [addDays(today(), -2), 3],
      [addDays(today(), -3), 3],
    ]);
    expect(first.next_before).toEqual(expect.any(String));
    // The twelve rows written in the same instant are all there, once each, whichever page boundary cuts them.
    const tied = all.filter((n) => n.startsWith(`TIE-${m.customer}-`));
    expect(tied).toHaveLength(12);
  });

  it('the balance, the tier figures and the next expiry are the whole ledger on every page', async () => {
    const m = await memberWithLongHistory();
    // 7 + 12 × 5 + 3 × 2 + 9 × 3 − 4: the soonest batch (7, in 5 days) has 3 left.
    const expected = { loyalty_points: 96, next_expiry_date: addDays(today(), 5), next_expiry_points: 3 };
    const whole = await details(m);
    expect(whole).toMatchObject(expected);
    let before: string | undefined;
    const seen: Details[] = [];
    do {
      const page = await details(m, { limit: 5, ...(before ? { before } : {}) });
      seen.push(page);
      before = page.next_before ?? undefined;
    } while (before);
    expect(seen).toHaveLength(6);
    for (const page of seen) {
      expect(page).toMatchObject(expected);
      expect({ earned: page.points_earned, spent: page.total_spent, tier: page.loyalty_program_tier }).toEqual({
        earned: whole.points_earned,
        spent: whole.total_spent,
        tier: whole.loyalty_program_tier,
      });
    }
    // limit 0: the standing alone.
    expect(await details(m, { limit: 0 })).toMatchObject({ ...expected, record: [], next_before: null });
  });

  it('a client that does not page gets the newest rows up to the most a page holds', async () => {
    const m = await createMember(server);
    await batchesAtOnce(m.customer, `MANY-${m.customer}-`, POINTS_PAGE_MAX + 5, 1, addDays(today(), -3), addDays(today(), 300));
    const program = (await programOf(server.database.db, m.customer))!;
    await earnPoints(server.database.db, { customer: m.customer, program, points: 2, source: 'purchase' });
    const answer = await details(m);
    expect(answer.loyalty_points).toBe(POINTS_PAGE_MAX + 7);
    expect(answer.record).toHaveLength(POINTS_PAGE_MAX);
    expect(answer.record[0]).toMatchObject({ posting_date: today(), loyalty_points: 2 });
    const rest = await details(m, { before: answer.next_before });
    expect(rest.record).toHaveLength(6);
    expect(rest.next_before).toBeNull();
  });

  it("refuses a page size past the limit or a cursor it did not write (417), and another member's cursor shows only the caller's rows", async () => {
    const m = await memberWithLongHistory();
    for (const args of [{ limit: POINTS_PAGE_MAX + 1 }, { limit: -1 }, { limit: 'ten' }, { before: 'yesterday' }, { before: '2026-13-40_1_LPE-1' }, { before: `2026-01-01_${'9'.repeat(20)}_x` }]) {
      const res = await m.session.call(LOYALTY_METHODS.pointsDetails, args, 'GET');
      expect(res.statusCode, JSON.stringify(args)).toBe(417);
      expect(res.json().exc_type).toBe('ValidationError');
    }
    const other = await createMember(server);
    const program = (await programOf(server.database.db, other.customer))!;
    await earnPoints(server.database.db, { customer: other.customer, program, points: 9, source: 'purchase', postingDate: addDays(today(), -30) });
    const cursor = (await details(m, { limit: 3 })).next_before!;
    const theirs = await details(other, { limit: 50, before: cursor });
    expect(theirs.record.map((r) => r.customer)).toEqual([other.customer]);
  });
});
