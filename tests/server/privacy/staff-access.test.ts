import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRANCH_MANAGER, createMember, createTestServer, LOYALTY_MANAGER, Session, type TestServer } from '../../support/server';
import { backOfficeSessions } from '../admin/support';
import { memberCodeAt, type MemberCodeDevice } from '../../../contracts/member-code';
import { ADMIN_METHODS as M } from '../../../contracts/admin';
import { PRIVACY_LIST_ACCESS_LOG } from '../../../contracts/privacy';
import { personalDataAccess } from '../../../server/db/schema/privacy';
import { users } from '../../../server/db/schema/auth';
import { earnPoints, programOf } from '../../../server/modules/loyalty/ledger';

vi.setConfig({ testTimeout: 60_000 });

/** The seeded Branch Manager's and staff user's branch. */
const SIAM = 'สาขาสยาม';
const ELSEWHERE = 'สาขาเชียงใหม่';

let server: TestServer;
let lm: Session;
let bm: Session;
let admin: Session;
let staff: Session;
beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
  ({ lm, bm, admin, staff } = await backOfficeSessions(server));
}, 600_000);
afterAll(() => server?.close());

async function earnAt(customer: string, branch: string, points: number) {
  const db = server.database.db;
  await earnPoints(db, { customer, program: (await programOf(db, customer))!, points, source: 'staff_award', branch });
}
const phoneOf = async (user: string) => (await server.database.db.select().from(users).where(eq(users.name, user)))[0]!.mobile_no!;

describe('a Branch Manager sees personal data only of members active at their branch', () => {
  let local: Awaited<ReturnType<typeof createMember>>;
  let stranger: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    local = await createMember(server);
    stranger = await createMember(server);
    await earnAt(local.customer, SIAM, 40);
    await earnAt(stranger.customer, ELSEWHERE, 70);
    const adjusted = await lm.call(M.adjustPoints, { customer: stranger.customer, points: 5, reason: 'goodwill', note: 'Stranger internal note' }, 'POST', { 'idempotency-key': 'bm-note' });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
  });

  it('search finds the member active at the branch, and not the other one, by phone, e-mail or name', async () => {
    const strangerPhone = await phoneOf(stranger.name);
    for (const q of [strangerPhone, stranger.name, stranger.customer]) {
      const res = await bm.call(M.searchMembers, { q }, 'GET');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message.rows, q).toEqual([]);
      // The Loyalty Manager, programme-wide, does find them.
      expect((await lm.call(M.searchMembers, { q }, 'GET')).json().message.rows.map((r: { customer: string }) => r.customer), q).toContain(stranger.customer);
    }
    const found = await bm.call(M.searchMembers, { q: await phoneOf(local.name) }, 'GET');
    expect(found.json().message.rows).toEqual([expect.objectContaining({ customer: local.customer, email: local.name })]);
    // With nothing typed the search lists members: the Branch Manager's list holds their branch's alone.
    const listed = (await bm.call(M.searchMembers, { q: '', limit: 100 }, 'GET')).json().message;
    const customersListed = listed.rows.map((r: { customer: string }) => r.customer);
    expect(listed.total).toBeLessThanOrEqual(100);
    expect(customersListed).toContain(local.customer);
    expect(customersListed).not.toContain(stranger.customer);
  });

  it('the member page of a member never active there holds at most the name, the tier and a masked phone', async () => {
    const phone = await phoneOf(stranger.name);
    const res = await bm.call(M.memberSummary, { customer: stranger.customer }, 'GET');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().message;
    expect(s).toMatchObject({ limited: true, customer: stranger.customer, email: null, user_image: null, mobile_no: `07x-xxx-${phone.slice(-4)}` });
    expect(s.ledger.rows).toEqual([]);
    expect(res.body).not.toContain(phone);
    expect(res.body).not.toContain(stranger.name);
    expect(res.body).not.toContain('Stranger internal note');

    const full = await bm.call(M.memberSummary, { customer: local.customer }, 'GET');
    expect(full.json().message).toMatchObject({ customer: local.customer, email: local.name, mobile_no: await phoneOf(local.name) });
    expect(full.json().message.limited).toBeUndefined();
    // The Loyalty Manager sees everything of the other member.
    expect((await lm.call(M.memberSummary, { customer: stranger.customer }, 'GET')).body).toContain('Stranger internal note');
  });
});

describe('the access log', () => {
  it('records every view of a member’s personal data: member page, search results, export; who, role, branch, when, from where', async () => {
    const m = await createMember(server);
    await earnAt(m.customer, SIAM, 10);
    const log = () => server.database.db.select().from(personalDataAccess).where(eq(personalDataAccess.customer, m.customer)).orderBy(personalDataAccess.id);
    expect(await log()).toEqual([]);
    expect((await bm.call(M.memberSummary, { customer: m.customer }, 'GET')).statusCode).toBe(200);
    expect((await lm.call(M.searchMembers, { q: m.customer }, 'GET')).statusCode).toBe(200);
    expect((await lm.call(M.export, { kind: 'members', customer: m.customer }, 'GET')).statusCode).toBe(200);
    expect((await log()).map((r) => [r.user, r.role, r.branch, r.what, r.ip])).toEqual([
      [BRANCH_MANAGER.usr, 'Branch Manager', SIAM, 'member_page', '127.0.0.1'],
      [LOYALTY_MANAGER.usr, 'Loyalty Manager', null, 'search', '127.0.0.1'],
      [LOYALTY_MANAGER.usr, 'Loyalty Manager', null, 'export', '127.0.0.1'],
    ]);

    const listed = await admin.call(PRIVACY_LIST_ACCESS_LOG.path, { customer: m.customer }, 'GET');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().message.total).toBe(3);
    expect(listed.json().message.rows.map((r: { what: string }) => r.what)).toEqual(['export', 'search', 'member_page']);
    const byWho = await admin.call(PRIVACY_LIST_ACCESS_LOG.path, { customer: m.customer, user: BRANCH_MANAGER.usr }, 'GET');
    expect(byWho.json().message.rows).toEqual([expect.objectContaining({ what: 'member_page', role: 'Branch Manager', branch: SIAM })]);
    const byKind = await admin.call(PRIVACY_LIST_ACCESS_LOG.path, { customer: m.customer, what: 'export' }, 'GET');
    expect(byKind.json().message.total).toBe(1);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const later = await admin.call(PRIVACY_LIST_ACCESS_LOG.path, { customer: m.customer, from_date: tomorrow }, 'GET');
    expect(later.json().message.total).toBe(0);

    // Only System Managers read it.
    for (const s of [lm, bm]) expect((await s.call(PRIVACY_LIST_ACCESS_LOG.path, {}, 'GET')).statusCode).toBe(403);
  });
});

/** Every key of an answer, as dotted paths (array items as []). */
function keysOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => keysOf(item, `${prefix}[]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [`${prefix}${prefix ? '.' : ''}${k}`, ...keysOf(v, `${prefix}${prefix ? '.' : ''}${k}`)]);
  }
  return [];
}
const fieldsOf = (value: unknown) => [...new Set(keysOf(value))].sort();

describe('the till gets only what it shows', () => {
  it('lists the fields of every answer staff receive: name, picture, tier, points and member since of a member, never a phone, e-mail, birthday or address', async () => {
    const m = await createMember(server);
    await earnAt(m.customer, SIAM, 100);
    const device = (await m.session.call('member_rewards.member_code.register_device', {})).json().message as MemberCodeDevice;
    const scanned = await staff.call('member_rewards.staff.resolve_code', { code: await memberCodeAt(device) });
    expect(scanned.statusCode, scanned.body).toBe(200);
    const award = await staff.call('member_rewards.staff.award_points', { scan_token: scanned.json().message.scan_token, amount: 250, receipt_no: 'PRIV-1' });
    expect(award.statusCode, award.body).toBe(200);
    const order = await m.session.call('headless_e_commerce.api.place_order', {
      loyalty_points: 15,
      items: [{ item_code: 'GIFT-TOTE', qty: 1 }],
      payment_method: 'bank-transfer',
      branch: SIAM,
    });
    expect(order.statusCode, order.body).toBe(200);
    const reward = await staff.call('member_rewards.staff.resolve_code', { code: order.json().message.reward_code });
    expect(reward.statusCode, reward.body).toBe(200);
    const confirmed = await staff.call('member_rewards.staff.confirm_reward', { code: order.json().message.reward_code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const actions = await staff.call('member_rewards.staff.actions', {}, 'GET');
    expect(actions.statusCode, actions.body).toBe(200);

    const answers = {
      resolve_member: fieldsOf(scanned.json().message),
      award_points: fieldsOf(award.json().message),
      resolve_reward: fieldsOf(reward.json().message),
      confirm_reward: fieldsOf(confirmed.json().message),
      actions: fieldsOf(actions.json().message),
    };
    // Written out by hand: a new field in any till answer fails here until someone decides it belongs on the till.
    // Of the member: the customer id, name, picture, tier, points and member since; the rest is the programme's
    // rule, the order and the staff's own work.
    expect(answers).toEqual({
      resolve_member: [
        'kind', 'member', 'member.awarded_today', 'member.collection_factor', 'member.customer', 'member.daily_cap', 'member.earn', 'member.earn.baht_per_point',
        'member.earn.campaign', 'member.earn.multiplier', 'member.earn.rounding', 'member.full_name', 'member.loyalty_points', 'member.member_since', 'member.tier',
        'member.tier_thumbnail', 'member.user_image', 'scan_token',
      ],
      award_points: [
        'amount', 'awarded_today', 'customer', 'daily_cap', 'earning', 'earning.amount', 'earning.baht_per_point', 'earning.base_points', 'earning.campaign',
        'earning.date', 'earning.lines', 'earning.lines[].amount', 'earning.lines[].campaign', 'earning.lines[].item_group', 'earning.lines[].multiplier',
        'earning.points', 'earning.rounding', 'earning.rules_version', 'earning.tier', 'earning.tier_multiplier', 'entry', 'full_name', 'loyalty_points', 'points',
        'receipt_no',
      ],
      resolve_reward: [
        'kind', 'reward', 'reward.branch', 'reward.code', 'reward.confirmed', 'reward.delivery_notes', 'reward.delivery_notes[].name', 'reward.delivery_notes[].status',
        'reward.delivery_notes[].submitted_at', 'reward.delivery_notes[].submitted_by', 'reward.delivery_notes[].submitted_by_name', 'reward.invoice', 'reward.items',
        'reward.items[].image', 'reward.items[].item_code', 'reward.items[].item_name', 'reward.items[].loyalty_points', 'reward.items[].qty', 'reward.loyalty_points',
        'reward.member', 'reward.member.customer', 'reward.member.full_name', 'reward.member.user_image', 'reward.posting_date',
      ],
      confirm_reward: ['confirmed_at', 'confirmed_by', 'confirmed_by_name', 'delivery_notes', 'invoice'],
      actions: [
        '[].action', '[].branch', '[].created_at', '[].detail', '[].detail.amount', '[].detail.campaign', '[].detail.customer', '[].detail.member', '[].detail.notes',
        '[].detail.points', '[].id', '[].staff_name', '[].staff_user', '[].target',
      ],
    });
    const phone = await phoneOf(m.name);
    for (const res of [scanned, award, reward, confirmed, actions]) {
      expect(res.body).not.toContain(phone);
      expect(res.body).not.toContain(m.name);
    }
  });
});
