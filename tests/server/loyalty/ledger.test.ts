import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestServer, Session, type TestServer } from '../../support/server';
import { loyaltyPrograms, loyaltyTiers } from '../../../server/db/schema/loyalty';
import { addDays, balanceOf, earnPoints, entriesOf, liveBalanceSql, NOT_ENOUGH_POINTS, openBatches, redeemPoints, tierOf, type Program } from '../../../server/modules/loyalty/ledger';
import { outstandingOn } from '../../../server/modules/reports/repository';
import { sql } from 'drizzle-orm';
import { earningFor, startingRules, tierForBasis } from '../../../server/modules/programme/rules';
import { DEMO_TIERS } from '../../../server/seed/loyalty';

let server: TestServer;
let program: Program;

beforeAll(async () => {
  server = await createTestServer();
  [program] = await server.database.db
    .insert(loyaltyPrograms)
    .values({ name: 'Member Rewards', collection_factor: 25, conversion_factor: 1, expiry_duration: 30 })
    .returning() as [Program];
  await server.database.db.insert(loyaltyTiers).values(DEMO_TIERS.map((t) => ({ ...t, loyalty_program: 'Member Rewards' })));
}, 120_000);
afterAll(() => server.close());

let seq = 0;
const freshCustomer = () => `LEDGER-${++seq}-${Math.random().toString(36).slice(2, 6)}`;

describe('tiers and earning rule', () => {
  it('reproduces the original sample: 24 points earned is Silver, 11 points to Gold', () => {
    const tiers = startingRules(program, DEMO_TIERS.map((t) => ({ ...t, tier_thumbnail: null })), 500).tiers;
    const at = (n: number) => {
      const s = tierForBasis(n, tiers);
      return { tier: s.tier?.name ?? null, next: s.next?.name ?? null, to: s.points_to_next_tier };
    };
    expect(at(24)).toEqual({ tier: 'Silver', next: 'Gold', to: 11 });
    expect(at(35)).toEqual({ tier: 'Gold', next: 'Platinum', to: 65 });
    expect(at(250)).toEqual({ tier: 'Platinum', next: null, to: 0 });
  });

  it('bases the tier on points earned, so spending points never lowers it', async () => {
    const c = freshCustomer();
    await earnPoints(server.database.db, { customer: c, program, points: 40, source: 'purchase' });
    await redeemPoints(server.database.db, { customer: c, program, points: 30, invoice: 'SINV-T1' });
    expect(await balanceOf(server.database.db, c)).toBe(10);
    expect((await tierOf(server.database.db, c, program.name)).tier_name).toBe('Gold');
  });

  it('earns one point per full collection_factor baht (the starting rules round down)', () => {
    const rules = startingRules(program, [], 500);
    const points = (amount: number) => earningFor(rules, { day: '2030-01-01', version: 0, branch: null, tier: null, lines: [{ amount }] }).points;
    expect(points(1290)).toBe(51);
    expect(points(24.99)).toBe(0);
    expect(points(0.1 + 0.2 + 24.7)).toBe(1);
    expect(points(-50)).toBe(0);
  });
});

describe('redemption', () => {
  it('consumes the soonest-expiring batch first and splits across batches', async () => {
    const db = server.database.db;
    const c = freshCustomer();
    const old = await earnPoints(db, { customer: c, program, points: 5, source: 'purchase', postingDate: '2030-01-01' });
    const recent = await earnPoints(db, { customer: c, program, points: 10, source: 'purchase', postingDate: '2030-01-10' });
    const rows = await redeemPoints(db, { customer: c, program, points: 8, invoice: 'SINV-T2', postingDate: '2030-01-12' });
    expect(rows.map((r) => [r.redeem_against, r.loyalty_points, r.expiry_date])).toEqual([
      [old.name, -5, old.expiry_date],
      [recent.name, -3, recent.expiry_date],
    ]);
    expect(await balanceOf(db, c, '2030-01-12')).toBe(7);
    expect((await openBatches(db, c, '2030-01-12')).map((b) => [b.name, b.available])).toEqual([[recent.name, 7]]);
  });

  it('never spends expired points and refuses a redemption the balance cannot cover', async () => {
    const db = server.database.db;
    const c = freshCustomer();
    await earnPoints(db, { customer: c, program, points: 20, source: 'purchase', postingDate: '2030-01-01' });
    const later = addDays('2030-01-01', 31);
    expect(await balanceOf(db, c, later)).toBe(0);
    await expect(redeemPoints(db, { customer: c, program, points: 1, invoice: 'SINV-T3', postingDate: later })).rejects.toThrow(NOT_ENOUGH_POINTS);
    expect((await entriesOf(db, c)).length).toBe(1);
  });
});

/**
 * Model-based property: random earn / redeem / time-travel sequences against a plain model of batches.
 * After every step: balance = model = sum of the live rows, never negative; redemptions take what the
 * model takes, soonest expiry first; no row ever spends a batch that had expired.
 */
describe('ledger properties (fast-check)', () => {
  type Op = { kind: 'earn'; points: number } | { kind: 'redeem'; points: number } | { kind: 'advance'; days: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('earn' as const), points: fc.integer({ min: 1, max: 40 }) }),
    fc.record({ kind: fc.constant('redeem' as const), points: fc.integer({ min: 1, max: 60 }) }),
    fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 25 }) }),
  );

  it('keeps balance = sum of rows, never negative, FIFO by expiry, expired points never spent', async () => {
    const db = server.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 18 }), async (ops) => {
        const c = freshCustomer();
        let day = '2031-03-01';
        const batches: { expiry: string; posting: string; left: number }[] = [];
        const live = () => batches.filter((b) => b.expiry >= day && b.posting <= day);
        for (const o of ops) {
          if (o.kind === 'advance') day = addDays(day, o.days);
          if (o.kind === 'earn') {
            await earnPoints(db, { customer: c, program, points: o.points, source: 'purchase', postingDate: day });
            batches.push({ expiry: addDays(day, program.expiry_duration), posting: day, left: o.points });
          }
          if (o.kind === 'redeem') {
            const available = live().reduce((s, b) => s + b.left, 0);
            if (available < o.points) {
              await expect(redeemPoints(db, { customer: c, program, points: o.points, invoice: 'X', postingDate: day })).rejects.toThrow(NOT_ENOUGH_POINTS);
            } else {
              const rows = await redeemPoints(db, { customer: c, program, points: o.points, invoice: 'X', postingDate: day });
              // The model's FIFO plan, summed per expiry date (batches of one day share an expiry).
              const expected = new Map<string, number>();
              let need = o.points;
              for (const b of [...live()].sort((x, y) => x.expiry.localeCompare(y.expiry))) {
                const take = Math.min(need, b.left);
                if (take > 0) expected.set(b.expiry, (expected.get(b.expiry) ?? 0) + take);
                b.left -= take;
                need -= take;
              }
              const actual = new Map<string, number>();
              for (const r of rows) actual.set(r.expiry_date, (actual.get(r.expiry_date) ?? 0) - r.loyalty_points);
              expect(actual).toEqual(expected);
            }
          }
          const balance = await balanceOf(db, c, day);
          const rows = await entriesOf(db, c);
          const sumOfLiveRows = rows.filter((r) => r.expiry_date >= day && r.posting_date <= day).reduce((s, r) => s + r.loyalty_points, 0);
          expect(balance).toBe(live().reduce((s, b) => s + b.left, 0));
          expect(balance).toBe(sumOfLiveRows);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        const rows = await entriesOf(db, c);
        const byName = new Map(rows.map((r) => [r.name, r]));
        for (const r of rows.filter((x) => x.loyalty_points < 0)) {
          const batch = byName.get(r.redeem_against!)!;
          expect(batch.expiry_date >= r.posting_date).toBe(true); // spent while the batch was alive
          expect(r.expiry_date).toBe(batch.expiry_date);
        }
        for (const b of rows.filter((x) => x.loyalty_points > 0)) {
          const spent = rows.filter((r) => r.redeem_against === b.name).reduce((s, r) => s - r.loyalty_points, 0);
          expect(spent).toBeLessThanOrEqual(b.loyalty_points); // no batch is overspent
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('headless_e_commerce.api.get_loyalty_points_details', () => {
  it("answers the caller's own rows only, with the balance, tier and next expiry", async () => {
    const a = await createMember(server);
    const b = await createMember(server);
    const db = server.database.db;
    const first = await earnPoints(db, { customer: a.customer, program, points: 15, source: 'purchase', postingDate: addDays(new Date().toISOString().slice(0, 10), -20) });
    await earnPoints(db, { customer: a.customer, program, points: 9, source: 'purchase' });
    await earnPoints(db, { customer: b.customer, program, points: 99, source: 'purchase' });
    const res = await a.session.call('headless_e_commerce.api.get_loyalty_points_details', {}, 'GET');
    expect(res.statusCode).toBe(200);
    const m = res.json().message;
    expect(m.loyalty_points).toBe(24);
    expect(m.record).toHaveLength(2);
    expect(m.record.every((r: { customer: string }) => r.customer === a.customer)).toBe(true);
    expect(m).toMatchObject({ loyalty_program_tier: 'Silver', next_tier_name: 'Gold', points_to_next_tier: 11, next_expiry_date: first.expiry_date, next_expiry_points: 15 });
    const guest = await new Session(server.app).call('headless_e_commerce.api.get_loyalty_points_details', {}, 'GET');
    expect(guest.statusCode).toBe(403);
  });

  it('the next expiry is what the ledger leaves of the soonest batches, summed over the batches leaving that day; rows newest first', async () => {
    const m = await createMember(server);
    const db = server.database.db;
    const day = new Date().toISOString().slice(0, 10);
    // Two batches posted the same day leave the same day; a later one after them.
    const a = await earnPoints(db, { customer: m.customer, program, points: 6, source: 'purchase', postingDate: addDays(day, -5) });
    await earnPoints(db, { customer: m.customer, program, points: 4, source: 'purchase', postingDate: addDays(day, -5) });
    const later = await earnPoints(db, { customer: m.customer, program, points: 10, source: 'purchase', postingDate: addDays(day, -1) });
    const details = async () => (await m.session.call('headless_e_commerce.api.get_loyalty_points_details', {}, 'GET')).json().message;
    expect(await details()).toMatchObject({ loyalty_points: 20, next_expiry_date: a.expiry_date, next_expiry_points: 10 });
    // Spending 7 takes the soonest batches first: 3 of them are left on that day.
    await redeemPoints(db, { customer: m.customer, program, points: 7, invoice: 'SINV-NEXT-1' });
    const spent = await details();
    expect(spent).toMatchObject({ loyalty_points: 13, next_expiry_date: a.expiry_date, next_expiry_points: 3 });
    expect(spent.record.map((r: { posting_date: string }) => r.posting_date)).toEqual([...spent.record.map((r: { posting_date: string }) => r.posting_date)].sort().reverse());
    expect(spent.record).toHaveLength(5);
    // Each row as the ledger reads it (drizzle's own mapping: the creation text, the amount as a number).
    const fields = Object.keys(spent.record[0]);
    const ledgerRows = (await entriesOf(db, m.customer)).map((r) => Object.fromEntries(fields.map((f) => [f, r[f as keyof typeof r]])));
    expect([...spent.record].sort((x, y) => x.name.localeCompare(y.name))).toEqual(ledgerRows.sort((x, y) => String(x.name).localeCompare(String(y.name))));
    // Once they are spent, the next expiry is the later batch's.
    await redeemPoints(db, { customer: m.customer, program, points: 3, invoice: 'SINV-NEXT-2' });
    expect(await details()).toMatchObject({ loyalty_points: 10, next_expiry_date: later.expiry_date, next_expiry_points: 10 });
  });
});

describe('the live-balance rule', () => {
  it('counts a batch from its posting day through its expiry day, alike for a balance, a list of members and the reports', async () => {
    const db = server.database.db;
    const c = freshCustomer();
    await earnPoints(db, { customer: c, program, points: 7, source: 'purchase', postingDate: '2030-03-10', expiryDate: '2030-03-20' });
    const listed = async (day: string) => {
      const [row] = await db.select({ balance: liveBalanceSql(sql`${c}`, day) }).from(sql`(select 1) as one`);
      return row!.balance;
    };
    const expected: Record<string, number> = { '2030-03-09': 0, '2030-03-10': 7, '2030-03-20': 7, '2030-03-21': 0 };
    const before = await outstandingOn(db, '2030-03-09');
    for (const [day, points] of Object.entries(expected)) {
      expect(await balanceOf(db, c, day), day).toBe(points);
      expect(await listed(day), day).toBe(points);
      // Nobody else's batch is posted in March 2030: the reports' total moves by this member's balance only.
      expect((await outstandingOn(db, day)) - before, day).toBe(points);
    }
  });
});
