import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { ADMIN, createMember, createTestServer, Session, STAFF, type TestServer } from '../../support/server';
import { PROGRAMME_METHODS as P, type ProgrammeRules } from '../../../contracts/programme';
import { ADMIN_METHODS as M } from '../../../contracts/admin';
import { LOYALTY_METHODS as L } from '../../../contracts/loyalty';
import { GET_PROFILE } from '../../../contracts/account';
import { memberCodeAt, type MemberCodeDevice } from '../../../contracts/member-code';
import { customers } from '../../../server/db/schema/customers';
import { users } from '../../../server/db/schema/auth';
import { items } from '../../../server/db/schema/catalog';
import { loyaltyPointEntries, programmeRuleVersions } from '../../../server/db/schema/loyalty';
import { demoRules } from '../../../server/seed/loyalty';
import { BRANCHES } from '../../../server/seed/constants';
import { addDays, balanceOf, earnPoints, entriesOf, programOf, standingOf } from '../../../server/modules/loyalty/ledger';
import { today } from '../../../contracts/business-day';
import { addMonths, endOfMonth } from '../../../server/modules/programme/rules';
import { refreshTiers } from '../../../server/modules/loyalty/jobs';
import { rulesOn } from '../../../server/modules/programme/versions';
import { birthdayBonuses } from '../../../server/modules/loyalty/bonuses';
import { auditOf, errorCode, managers, message } from '../admin/support';
import { lastCode, newPhone, signInWithLine } from '../account/helpers';

vi.setConfig({ testTimeout: 60_000 });

let server: TestServer;
let lm: Session;
let bm: Session;
let staff: Session;
const [SIAM, CHIANGMAI] = BRANCHES;

beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
  ({ loyalty: lm, branch: bm } = await managers(server));
  staff = new Session(server.app);
  expect((await staff.login(STAFF.usr, STAFF.pwd)).statusCode).toBe(200);
}, 120_000);
afterAll(() => server.close());

const day = () => today();
const rulesNow = async (date?: string) => (await lm.call(P.getRules, date ? { date } : {}, 'GET')).json().message;
async function setRules(rules: Partial<ProgrammeRules>, effective_from?: string) {
  const res = await lm.call(P.updateRules, { rules, ...(effective_from ? { effective_from } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message;
}
/** Back to the seeded rules from today (a later version of the same day wins). */
const restore = () => setRules(demoRules());
const simulate = async (args: Record<string, unknown>) => {
  const res = await lm.call(P.simulate, args);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message;
};
const purchase = async (customer: string, points: number, postingDate?: string) => {
  const program = await programOf(server.database.db, customer);
  return earnPoints(server.database.db, { customer, program: program!, points, source: 'purchase', postingDate });
};
const tierOfMember = async (s: Session, customer: string) =>
  (await s.call('loyalty_program_customizations.overrides.get_tier', { customer })).json().message as { tier_name: string; points_to_next_tier: number };

describe('programme rules: read and change', () => {
  it('answers the rules in effect today; managers read them, only a Loyalty Manager changes them', async () => {
    for (const s of [lm, bm]) {
      const res = await s.call(P.getRules, {}, 'GET');
      expect(res.statusCode, res.body).toBe(200);
      const m = res.json().message;
      expect(m.loyalty_program).toBe('Member Rewards');
      expect(m.current.rules).toMatchObject({ baht_per_point: 25, point_value_baht: 1, expiry: { policy: 'days', days: 365 }, tier_window: 'lifetime' });
      expect(m.current.rules.tiers.map((t: { name: string; threshold: number }) => [t.name, t.threshold])).toEqual([['Silver', 0], ['Gold', 35], ['Platinum', 100]]);
      // The programme's starting figures, from before the rules were versioned, stay in the history.
      expect(m.history.at(-1)).toMatchObject({ version: 0, effective_from: null });
    }
    const member = await createMember(server);
    for (const s of [bm, staff, member.session, new Session(server.app)]) {
      expect([401, 403]).toContain((await s.call(P.updateRules, { rules: { signup_bonus: 1 } })).statusCode);
    }
    expect((await member.session.call(P.getRules, {}, 'GET')).statusCode).toBe(403);
  });

  it('refuses a change the contract refuses, with a code, and changes nothing', async () => {
    const before = (await rulesNow()).current;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rules: { vat: 7 } }, 'unknown_rule', 'Unknown rule: vat'],
      [{ rules: { baht_per_point: 0 } }, 'invalid_rules', 'Baht per point must be from 0.01 to 100000'],
      [{ rules: { tiers: [{ name: 'Silver', threshold: 0, multiplier: 11, colour: '#aaaaaa' }] } }, 'invalid_rules', 'Tier multiplier must be from 1 to 10'],
      [{ rules: { tiers: [{ name: 'A', threshold: 0, multiplier: 1, colour: '#aaaaaa' }, { name: 'B', threshold: 0, multiplier: 1, colour: '#bbbbbb' }] } }, 'invalid_rules', 'Two tiers cannot have the same threshold'],
      [{ rules: { expiry: { policy: 'weeks', weeks: 3 } } }, 'invalid_rules', 'Expiry policy must be one of days, end_of_month'],
      [{ rules: { campaigns: [{ id: 'x', name: 'X', multiplier: 2, from_date: '2030-02-02', to_date: '2030-02-01' }] } }, 'invalid_rules', 'A campaign must not end before it starts'],
      [{ rules: { campaigns: [{ id: 'x', name: 'X', multiplier: 2, from_date: '2030-02-01', to_date: '2030-02-02', tiers: ['Diamond'] }] } }, 'invalid_rules', 'A campaign names a tier the programme does not have'],
      [{ rules: { campaigns: [{ id: 'x', name: 'X', multiplier: 2, from_date: '2030-02-01', to_date: '2030-02-02', branches: ['สาขาดาวอังคาร'] }] } }, 'branch_not_found', 'Branch สาขาดาวอังคาร not found'],
      [{ rules: { reminder_days: [7, 7] } }, 'invalid_rules', 'Each reminder day may appear once'],
      [{ rules: { daily_cap: -1 } }, 'invalid_rules', 'Daily cap must be a whole number from 0 to 1000000'],
      [{ rules: { signup_bonus: 5 }, effective_from: addDays(day(), -1) }, 'effective_in_past', 'A change applies from today or a later day, never to the past'],
      // Days any date may have: from 1900 to 2200, the campaigns' as every other.
      [{ rules: { signup_bonus: 5 }, effective_from: '9999-12-31' }, 'date_out_of_range', 'Dates must be from 1900-01-01 to 2200-12-31'],
      [{ rules: { campaigns: [{ id: 'x', name: 'X', multiplier: 2, from_date: '0001-01-01', to_date: '9999-12-31' }] } }, 'invalid_rules', 'Dates must be from 1900-01-01 to 2200-12-31'],
      [{ rules: { campaigns: [{ id: 'x', name: 'X', multiplier: 2, from_date: '2030-02-01', to_date: '2201-01-01' }] } }, 'invalid_rules', 'Dates must be from 1900-01-01 to 2200-12-31'],
    ];
    for (const [args, code, text] of cases) {
      const res = await lm.call(P.updateRules, args);
      expect(res.statusCode, JSON.stringify(args)).toBe(417);
      expect(errorCode(res), JSON.stringify(args)).toBe(code);
      expect(message(res)).toContain(text);
    }
    // A tier a reward is limited to cannot be removed while the reward names it.
    await server.database.db.insert(items).values({ name: 'PLAT-ONLY', item_code: 'PLAT-ONLY', item_name: 'Platinum lounge', item_group: 'Gift', loyalty_points_based_price: 5, eligible_tiers: ['Platinum'] });
    const inUse = await lm.call(P.updateRules, { rules: { tiers: demoRules().tiers.slice(0, 2) } });
    expect(errorCode(inUse)).toBe('tier_in_use');
    await server.database.db.delete(items).where(eq(items.item_code, 'PLAT-ONLY'));
    expect((await rulesNow()).current).toEqual(before);
  });

  it('dates every change: a threshold scheduled for tomorrow leaves today alone; from today it moves the tier and its progress at once; audited', async () => {
    const m = await createMember(server);
    await purchase(m.customer, 30);
    expect(await tierOfMember(m.session, m.customer)).toMatchObject({ tier_name: 'Silver', next_tier_name: 'Gold', points_to_next_tier: 5 });
    const lowerGold = demoRules().tiers.map((t) => (t.name === 'Gold' ? { ...t, threshold: 30 } : t));
    const tomorrow = addDays(day(), 1);
    const scheduled = await setRules({ tiers: lowerGold }, tomorrow);
    expect(scheduled.scheduled.map((v: { effective_from: string }) => v.effective_from)).toContain(tomorrow);
    expect(await tierOfMember(m.session, m.customer)).toMatchObject({ tier_name: 'Silver', points_to_next_tier: 5 });
    // The rules of tomorrow already say Gold for tomorrow.
    expect((await standingOf(server.database.db, m.customer, tomorrow)).tier?.name).toBe('Gold');

    // The profile and the points read fold the rules once a day per set of versions: a version written today moves them at once.
    const profileTier = async () => (await m.session.call(GET_PROFILE.path, {}, 'GET')).json().message.loyalty_program_tier;
    expect(await profileTier()).toBe('Silver');
    expect((await m.session.call(L.pointsDetails, {}, 'GET')).json().message.loyalty_program_tier).toBe('Silver');
    await setRules({ tiers: lowerGold });
    expect(await tierOfMember(m.session, m.customer)).toMatchObject({ tier_name: 'Gold', next_tier_name: 'Platinum', points_to_next_tier: 70 });
    expect(await profileTier()).toBe('Gold');
    const details = (await m.session.call(L.pointsDetails, {}, 'GET')).json().message;
    expect(details).toMatchObject({ points_earned: 30, loyalty_program_tier: 'Gold', next_tier_name: 'Platinum', points_to_next_tier: 70 });
    const progress = (await m.session.call(L.tierProgress, {}, 'GET')).json().message;
    expect(progress).toMatchObject({ tier_window: 'lifetime', window_start: null, points_earned: 30, tier: { name: 'Gold', multiplier: 1.25 }, next_tier: { name: 'Platinum', threshold: 100 } });

    const log = (await auditOf(server, 'Member Rewards')).filter((r) => r.action === 'update_rules');
    const last = log.at(-1)!;
    expect(last).toMatchObject({ user: 'loyalty@example.com', role: 'Loyalty Manager', ref_doctype: 'Loyalty Program' });
    expect((last.after as { effective_from: string }).effective_from).toBe(day());
    expect(JSON.stringify(last.before)).toContain('"threshold":35');
    expect(JSON.stringify(last.after)).toContain('"threshold":30');
    // Tomorrow's version still schedules 30 (it runs on from its day): putting the seeded tiers back for both days.
    await restore();
    expect((await rulesNow(tomorrow)).current.rules.tiers.find((t: { name: string }) => t.name === 'Gold').threshold).toBe(30);
    await setRules({ tiers: demoRules().tiers }, tomorrow);
    expect(await tierOfMember(m.session, m.customer)).toMatchObject({ tier_name: 'Silver' });
  });

  it('applies an expiry policy to the points earned from its day on; earlier batches keep their expiry', async () => {
    const m = await createMember(server);
    const before = await purchase(m.customer, 10);
    expect(before.expiry_date).toBe(addDays(day(), 365));
    await setRules({ expiry: { policy: 'end_of_month', months: 2 } });
    const after = await purchase(m.customer, 10);
    expect(after.expiry_date).toBe(endOfMonth(addMonths(`${day().slice(0, 7)}-01`, 2)));
    const rows = await entriesOf(server.database.db, m.customer);
    expect(rows.find((r) => r.name === before.name)!.expiry_date).toBe(addDays(day(), 365));
    const program = (await server.app.inject({ method: 'GET', url: '/api/method/member_rewards.api.get_loyalty_program' })).json().message;
    expect(program).toMatchObject({ collection_factor: 25, conversion_factor: 1 });
    expect(program.expiry_duration).toBe(Math.round((Date.parse(after.expiry_date) - Date.parse(day())) / 86_400_000));
    await restore();
  });
});

describe('receipt simulator and the till', () => {
  it('says what a receipt earns for a tier at a branch on a day, and which rule applied', async () => {
    await setRules({
      campaigns: [
        { id: 'siam-double', name: 'Siam double', multiplier: 2, from_date: day(), to_date: day(), branches: [SIAM], item_groups: [], tiers: [] },
        { id: 'shoes-triple', name: 'Shoes triple', multiplier: 3, from_date: day(), to_date: addDays(day(), 2), branches: [], item_groups: ['Shoes'], tiers: ['Gold', 'Platinum'] },
      ],
    });
    expect(await simulate({ amount: 1000, tier: 'Silver', branch: CHIANGMAI })).toMatchObject({ points: 40, base_points: 40, tier_multiplier: 1, campaign: null });
    expect(await simulate({ amount: 1000, tier: 'Silver', branch: SIAM })).toMatchObject({ points: 80, campaign: { id: 'siam-double', multiplier: 2 } });
    // Gold × 1.25 on top of the campaign: 1000 × 1.25 × 2 / 25.
    expect(await simulate({ amount: 1000, tier: 'Gold', branch: SIAM })).toMatchObject({ points: 100, tier_multiplier: 1.25, lines: [{ multiplier: 2.5, campaign: 'siam-double' }] });
    // Per line the best campaign: the shoes line triples (Gold), the shirt line doubles at Siam.
    const lines = await simulate({ lines: [{ amount: 500, item_group: 'Shoes' }, { amount: 500, item_group: 'Clothing' }], tier: 'Gold', branch: SIAM });
    // (500 × 1.25 × 3 + 500 × 1.25 × 2) / 25 = 125; the answer names the best campaign that applied.
    expect(lines).toMatchObject({ points: 125, campaign: { id: 'shoes-triple' } });
    // The day matters: the Siam campaign is over tomorrow.
    expect(await simulate({ amount: 1000, tier: 'Silver', branch: SIAM, date: addDays(day(), 1) })).toMatchObject({ points: 40, campaign: null });
    expect(errorCode(await lm.call(P.simulate, { amount: 100, tier: 'Diamond' }))).toBe('unknown_tier');
    expect(message(await lm.call(P.simulate, { branch: SIAM }))).toBe('Give the amount or the lines of the receipt');
    for (const [rounding, points] of [['down', 40], ['nearest', 41], ['up', 41]] as const) {
      await setRules({ rounding, campaigns: [] });
      expect((await simulate({ amount: 1015, tier: 'Silver' })).points, rounding).toBe(points);
    }
    await restore();
  });

  it('the till awards through the same code: during a double-points campaign the award doubles, exactly as simulated', async () => {
    await setRules({ campaigns: [{ id: 'today-double', name: 'Double today', multiplier: 2, from_date: day(), to_date: day(), branches: [SIAM], item_groups: [], tiers: [] }] });
    let receipt = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 100, max: 5_000_00 }).map((satang) => satang / 100), async (amount) => {
        const m = await createMember(server);
        const device = (await m.session.call('member_rewards.member_code.register_device', {})).json().message as MemberCodeDevice;
        const expected = await simulate({ amount, branch: SIAM, customer: m.customer });
        const res = await staff.call('member_rewards.staff.award_points', { member_code: await memberCodeAt(device), amount, receipt_no: `SIM-${++receipt}` });
        if (expected.points <= 0) {
          expect(res.statusCode).toBe(417);
          return;
        }
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().message.points).toBe(expected.points);
        expect(expected.points).toBe(Math.floor((amount * 2) / 25));
        expect(res.json().message.earning.campaign).toMatchObject({ id: 'today-double' });
      }),
      { numRuns: 5 },
    );
    await restore();
  });

  it('the per-member daily cap is a rule; the old setting reads and writes it', async () => {
    const admin = new Session(server.app);
    await admin.login(ADMIN.usr, ADMIN.pwd);
    expect((await admin.call('member_rewards.settings.get_settings', {}, 'GET')).json().message.staff_award_daily_cap).toBe(500);
    expect((await admin.call('member_rewards.settings.update_settings', { staff_award_daily_cap: 120 })).statusCode).toBe(200);
    expect((await rulesNow()).current.rules.daily_cap).toBe(120);
    const m = await createMember(server);
    expect(await simulate({ amount: 5000, customer: m.customer })).toMatchObject({ points: 200, daily_cap: 120, cap_remaining: 120, over_cap: true });
    await setRules({ daily_cap: 500 });
    expect((await admin.call('member_rewards.settings.get_settings', {}, 'GET')).json().message.staff_award_daily_cap).toBe(500);
  });
});

describe('tiers', () => {
  it('count purchases, till awards, bonuses and missing-purchase adjustments; not goodwill or imported balances', async () => {
    const m = await createMember(server, { phone: newPhone() });
    const adjust = (points: number, reason: string) => lm.call(M.adjustPoints, { customer: m.customer, points, reason }, 'POST', { 'idempotency-key': `tier-${reason}-${points}-${m.customer}` });
    expect((await adjust(50, 'goodwill')).statusCode).toBe(200);
    const phone = (await server.database.db.select().from(users).where(eq(users.name, m.name)))[0]!.mobile_no!;
    const imported = await lm.call(M.importPoints, { csv: `phone,points\n${phone},40`, dry_run: 0 });
    expect(imported.json().message.committed).toBe(true);
    expect((await standingOf(server.database.db, m.customer)).basis).toBe(0);
    expect((await adjust(20, 'missing_purchase')).statusCode).toBe(200);
    await purchase(m.customer, 10);
    const s = await standingOf(server.database.db, m.customer);
    expect(s.basis).toBe(30);
    expect(await balanceOf(server.database.db, m.customer)).toBe(120);
    // The stored tier follows every earning (what the reports count).
    const [row] = await server.database.db.select().from(customers).where(eq(customers.name, m.customer));
    expect(row!.loyalty_program_tier).toBe('Silver');
    await purchase(m.customer, 10);
    const [gold] = await server.database.db.select().from(customers).where(eq(customers.name, m.customer));
    expect(gold!.loyalty_program_tier).toBe('Gold');
    // A missing purchase taken back again leaves the tier too, at once.
    expect((await adjust(-20, 'missing_purchase')).statusCode).toBe(200);
    expect((await standingOf(server.database.db, m.customer)).basis).toBe(20);
    const [silver] = await server.database.db.select().from(customers).where(eq(customers.name, m.customer));
    expect(silver!.loyalty_program_tier).toBe('Silver');
  });

  it('a rolling 12-month window drops old points: the progress says when, and the nightly job lowers the stored tier', async () => {
    // From today on (tomorrow's scheduled version changes only the tiers, so the window runs on past it).
    await setRules({ tier_window: 'rolling_12_months' });
    expect((await rulesNow(addDays(day(), 40))).current.rules.tier_window).toBe('rolling_12_months');
    const m = await createMember(server);
    const old = addDays(addMonths(day(), -12), 20);
    await purchase(m.customer, 40, old);
    await purchase(m.customer, 5, addDays(day(), -3));
    const progress = (await m.session.call(L.tierProgress, {}, 'GET')).json().message;
    expect(progress).toMatchObject({ tier_window: 'rolling_12_months', points_earned: 45, tier: { name: 'Gold' }, leaving_window: { date: addMonths(old, 12), points: 40 } });
    expect(progress.window_start).toBe(addDays(addMonths(day(), -12), 1));
    await refreshTiers(server.database.db, new Date());
    const stored = async () => (await server.database.db.select().from(customers).where(eq(customers.name, m.customer)))[0]!.loyalty_program_tier;
    expect(await stored()).toBe('Gold');
    // A month on, the old purchase has left the window: Silver, though nothing was written meanwhile.
    const later = new Date(Date.parse(`${addDays(day(), 31)}T12:00:00+07:00`));
    const result = await refreshTiers(server.database.db, later);
    expect(result.evaluated).toBeGreaterThan(0);
    expect(await stored()).toBe('Silver');
    expect((await standingOf(server.database.db, m.customer, addDays(day(), 31))).tier?.name).toBe('Silver');
    await restore();
    await refreshTiers(server.database.db, new Date(Date.parse(`${addDays(day(), 32)}T12:00:00+07:00`)));
  });
});

describe('bonuses', () => {
  it('the birthday bonus comes once a year, in the birthday month, however often and wherever the job runs', async () => {
    const m = await createMember(server);
    const when = new Date(Date.parse(`${addDays(day(), 40).slice(0, 7)}-15T10:00:00+07:00`));
    const month = when.toISOString().slice(5, 7);
    await server.database.db.update(users).set({ birth_date: `1991-${month}-09` }).where(eq(users.name, m.name));
    const other = await createMember(server);
    const otherMonth = String((Number(month) % 12) + 1).padStart(2, '0');
    await server.database.db.update(users).set({ birth_date: `1991-${otherMonth}-09` }).where(eq(users.name, other.name));
    const results = await Promise.all([birthdayBonuses(server.database.db, when), birthdayBonuses(server.database.db, when)]);
    expect(results.reduce((s, r) => s + r.granted, 0)).toBeGreaterThanOrEqual(1);
    await birthdayBonuses(server.database.db, new Date(when.getTime() + 5 * 86_400_000));
    const bonuses = async (customer: string) =>
      (await server.database.db.select().from(loyaltyPointEntries).where(and(eq(loyaltyPointEntries.customer, customer), eq(loyaltyPointEntries.source, 'birthday')))).map((r) => [r.entry_type, r.loyalty_points, r.posting_date]);
    const whenDay = today(when.getTime());
    expect(await bonuses(m.customer)).toEqual([['bonus', 50, whenDay]]);
    expect(await bonuses(other.customer)).toEqual([]);
    // Next year, once again.
    const nextYear = new Date(when.getTime() + 365 * 86_400_000);
    await birthdayBonuses(server.database.db, nextYear);
    expect(await bonuses(m.customer)).toHaveLength(2);
  });

  it('the sign-up bonus comes once, when the member verifies their phone', async () => {
    const { s } = await signInWithLine(server, { name: `Bonus ${Math.random().toString(36).slice(2, 6)}` }, '10.9.0.1');
    const phone = newPhone();
    expect((await s.call('honda_api.api_calls.verifyuser.getphone', { userphone: phone }, 'GET')).json().message.status).toBe('success');
    const verified = await s.call('honda_api.api_calls.verifyuser.verifyotp', { userphone: phone, otp: await lastCode(server, phone) });
    expect(verified.json().message.status, verified.body).toBe('success');
    const details = (await s.call(L.pointsDetails, {}, 'GET')).json().message;
    expect(details.loyalty_points).toBe(20);
    expect(details.record).toEqual([expect.objectContaining({ entry_type: 'bonus', source: 'signup', loyalty_points: 20 })]);
    // Verifying again (a second code for the same phone) gives nothing more.
    await s.call('honda_api.api_calls.verifyuser.getphone', { userphone: phone }, 'GET');
    await s.call('honda_api.api_calls.verifyuser.verifyotp', { userphone: phone, otp: await lastCode(server, phone) });
    expect((await s.call(L.pointsDetails, {}, 'GET')).json().message.loyalty_points).toBe(20);
  });
});

describe('versions saved before campaign days were bounded', () => {
  it('the migration brings a campaign from 0001-01-01 to 9999-12-31 within 1900-2200, so the version reads again; other days stay', async () => {
    const db = server.database.db;
    const program = 'Programme Before The Bound';
    const campaign = { id: 'c', name: 'C', multiplier: 2, branches: [], item_groups: [], tiers: [] };
    const stored = {
      ...demoRules(),
      campaigns: [
        { ...campaign, id: 'forever', from_date: '0001-01-01', to_date: '9999-12-31' },
        { ...campaign, id: 'songkran', from_date: '2030-04-13', to_date: '2030-04-15' },
      ],
    };
    await db.insert(programmeRuleVersions).values({ loyalty_program: program, effective_from: '2026-01-01', rules: stored, created_by: ADMIN.usr });
    const untouched = { ...demoRules(), campaigns: [{ ...campaign, id: 'in-range', from_date: '1900-01-01', to_date: '2200-12-31' }] };
    await db.insert(programmeRuleVersions).values({ loyalty_program: `${program} 2`, effective_from: '2026-01-01', rules: untouched, created_by: ADMIN.usr });
    // Unreadable as it was: no version of that programme passes the contract.
    expect(await rulesOn(db, program, day())).toBeNull();

    const migration = readFileSync(new URL('../../../server/db/migrations/0013_campaign_days_in_range.sql', import.meta.url), 'utf8');
    await db.execute(sql.raw(migration));

    const rules = await rulesOn(db, program, day());
    expect(rules?.rules.campaigns.map((c) => [c.id, c.from_date, c.to_date])).toEqual([
      ['forever', '1900-01-01', '2200-12-31'],
      ['songkran', '2030-04-13', '2030-04-15'],
    ]);
    expect(rules?.rules.tiers).toEqual(demoRules().tiers);
    const [other] = await db.select().from(programmeRuleVersions).where(eq(programmeRuleVersions.loyalty_program, `${program} 2`));
    expect(other?.rules).toEqual(untouched);
  });
});
