import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createMember, createTestServer, Session, STAFF, type TestServer } from '../../support/server';
import { memberCodeAt, type MemberCodeDevice } from '../../../contracts/member-code';
import { ADMIN_METHODS as M } from '../../../contracts/admin';
import { loyaltyPointEntries } from '../../../server/db/schema/loyalty';
import { customers } from '../../../server/db/schema/customers';
import { earnPoints, programOf } from '../../../server/modules/loyalty/ledger';
import { balance, gift, givePoints, PLACE_ORDER } from '../orders/support';
import { auditOf, errorCode, managers, message } from './support';
import { notificationEvents } from '../../../server/db/schema/notifications';

vi.setConfig({ testTimeout: 30_000 });

let server: TestServer;
let lm: Session;
let bm: Session;
let staff: Session;
beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
  ({ loyalty: lm, branch: bm } = await managers(server));
  staff = new Session(server.app);
  await staff.login(STAFF.usr, STAFF.pwd);
}, 120_000);
afterAll(() => server.close());

let keySeq = 0;
const adjust = (s: Session, args: Record<string, unknown>, key = `adj-${++keySeq}`) => s.call(M.adjustPoints, args, 'POST', { 'idempotency-key': key });
const entriesOf = (customer: string) => server.database.db.select().from(loyaltyPointEntries).where(eq(loyaltyPointEntries.customer, customer));

async function batch(customer: string, points: number, postingDate: string) {
  const program = await programOf(server.database.db, customer);
  return earnPoints(server.database.db, { customer, program: program!, points, source: 'purchase', postingDate });
}

describe('member look-up', () => {
  it('finds a member by phone, name, e-mail, member number and a scanned member code; Branch Managers may look too (at members active at their branch)', async () => {
    const m = await createMember(server, { phone: '0891234567' });
    const device = (await m.session.call('member_rewards.member_code.register_device', {})).json().message as MemberCodeDevice;
    // Earned at the Branch Manager's branch (สาขาสยาม): a member they may look up.
    await earnPoints(server.database.db, { customer: m.customer, program: (await programOf(server.database.db, m.customer))!, points: 42, source: 'staff_award', branch: 'สาขาสยาม' });
    const code = await memberCodeAt(device);
    for (const q of ['089-123-4567', '1234567', m.name.split('@')[0]!, m.customer.toLowerCase(), code]) {
      for (const s of [lm, bm]) {
        const res = await s.call(M.searchMembers, { q, limit: 100 }, 'GET');
        expect(res.statusCode, res.body).toBe(200);
        const rows = res.json().message.rows as { customer: string }[];
        expect(rows.map((r) => r.customer), q).toContain(m.customer);
        if (q === code) expect(rows).toHaveLength(1);
      }
    }
    const [row] = (await lm.call(M.searchMembers, { q: '0891234567' }, 'GET')).json().message.rows;
    expect(row).toMatchObject({ customer: m.customer, mobile_no: '0891234567', loyalty_points: 42, blocked: false });
    const none = await lm.call(M.searchMembers, { q: 'nobody-by-this-name' }, 'GET');
    expect(none.json().message).toEqual({ rows: [], total: 0 });
  });

  it('summarises a member: balance, open batches by expiry, tier, ledger with reasons, orders, devices without secrets', async () => {
    const m = await createMember(server);
    await batch(m.customer, 30, '2026-01-10');
    await givePoints(server, m.customer, 15);
    await m.session.call('member_rewards.member_code.register_device', {});
    expect((await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15))).statusCode).toBe(200);
    await adjust(lm, { customer: m.customer, points: 5, reason: 'goodwill', note: 'late delivery', member_text: 'ขออภัยในความล่าช้า' });
    const res = await bm.call(M.memberSummary, { customer: m.customer, ledger_limit: 2 }, 'GET');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().message;
    // Points earned (the tier's basis) are the purchase's 30: the 15 given and the goodwill 5 are adjustments, which
    // move no tier. So Silver, 5 points to Gold.
    expect(s).toMatchObject({ customer: m.customer, loyalty_points: 35, points_earned: 30, tier: { tier_name: 'Silver', points_to_next_tier: 5 }, blocked: { blocked: false } });
    expect(s.batches.reduce((n: number, b: { available: number }) => n + b.available, 0)).toBe(35);
    expect(s.ledger.total).toBe(4);
    expect(s.ledger.rows).toHaveLength(2);
    expect(s.ledger.rows[0]).toMatchObject({ entry_type: 'adjust', reason: 'goodwill', note: 'late delivery', member_text: 'ขออภัยในความล่าช้า', staff_user: 'loyalty@example.com' });
    expect(s.reward_orders).toHaveLength(1);
    expect(s.reward_orders[0].delivery_notes[0].status).toBe('Draft');
    expect(s.devices).toHaveLength(1);
    expect(JSON.stringify(s.devices)).not.toContain('secret');
    const missing = await lm.call(M.memberSummary, { customer: 'CUST-NOPE' }, 'GET');
    expect(missing.statusCode).toBe(404);
    expect(errorCode(missing)).toBe('member_not_found');
  });
});

describe('adjust_points', () => {
  it('adds points once per Idempotency-Key, and the member reads the member text, never the note', async () => {
    const m = await createMember(server);
    const args = { customer: m.customer, points: 25, reason: 'correction', note: 'POS was down 12 May', member_text: 'คะแนนจากใบเสร็จที่ตกหล่น' };
    const first = await adjust(lm, args, 'same-key');
    const again = await adjust(lm, args, 'same-key');
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json().message).toMatchObject({ customer: m.customer, points: 25, loyalty_points: 25 });
    expect(await balance(server, m.customer)).toBe(25);

    const history = (await m.session.call('headless_e_commerce.api.get_loyalty_points_details', {}, 'GET')).json().message;
    expect(history.record).toHaveLength(1);
    expect(history.record[0]).toMatchObject({ loyalty_points: 25, entry_type: 'adjust', member_text: 'คะแนนจากใบเสร็จที่ตกหล่น' });
    expect(JSON.stringify(history)).not.toContain('POS was down');

    // The member is told once (the retry added no second event), with the member text and never the note.
    const events = await server.database.db.select().from(notificationEvents).where(eq(notificationEvents.user, m.name));
    expect(events.map((e) => [e.kind, e.payload])).toEqual([['points_adjusted', { points: 25, balance: 25, reason: 'คะแนนจากใบเสร็จที่ตกหล่น' }]]);

    const noKey = await lm.call(M.adjustPoints, args);
    expect(noKey.statusCode).toBe(417);
    expect(errorCode(noKey)).toBe('idempotency_key_required');
  });

  it('takes points back from the soonest-expiring batches first, and never below zero', async () => {
    const m = await createMember(server);
    const old = await batch(m.customer, 10, '2026-01-01');
    const newer = await batch(m.customer, 10, '2026-06-01');
    const res = await adjust(lm, { customer: m.customer, points: -15, reason: 'correction', member_text: 'ปรับคะแนนที่ให้ซ้ำ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.loyalty_points).toBe(5);
    const spent = (await entriesOf(m.customer)).filter((e) => e.loyalty_points < 0);
    expect(spent.map((e) => [e.redeem_against, e.loyalty_points, e.entry_type]).sort()).toEqual([[newer.name, -5, 'adjust'], [old.name, -10, 'adjust']].sort());
    const tooMuch = await adjust(lm, { customer: m.customer, points: -6, reason: 'correction' });
    expect(tooMuch.statusCode).toBe(417);
    expect(errorCode(tooMuch)).toBe('negative_balance');
    expect(await balance(server, m.customer)).toBe(5);
    expect((await auditOf(server, m.customer)).map((r) => [r.action, r.before, (r.after as { loyalty_points: number }).loyalty_points])).toEqual([['adjust_points', { loyalty_points: 20 }, 5]]);
  });

  it('accepts only the configured reasons; the list is the back office’s to change', async () => {
    const m = await createMember(server);
    const unknown = await adjust(lm, { customer: m.customer, points: 5, reason: 'birthday' });
    expect(unknown.statusCode).toBe(417);
    expect(errorCode(unknown)).toBe('unknown_reason');
    const list = (await lm.call(M.getAdjustmentReasons, {}, 'GET')).json().message.reasons as string[];
    expect(list).toContain('goodwill');
    const updated = await lm.call(M.updateAdjustmentReasons, { reasons: [...list, 'birthday'] });
    expect(updated.json().message.reasons).toContain('birthday');
    expect((await adjust(lm, { customer: m.customer, points: 5, reason: 'birthday' })).statusCode).toBe(200);
    expect(message(await lm.call(M.updateAdjustmentReasons, { reasons: ['a', 'a'] }))).toBe('Each reason may appear once');
    await lm.call(M.updateAdjustmentReasons, { reasons: list });
  });

  it('is the Loyalty Manager’s: Branch Managers, staff and members get 403', async () => {
    const m = await createMember(server);
    for (const s of [bm, staff, m.session]) {
      expect((await adjust(s, { customer: m.customer, points: 5, reason: 'goodwill' })).statusCode).toBe(403);
    }
    expect(await balance(server, m.customer)).toBe(0);
  });
});

describe('set_member_blocked', () => {
  it('signs the member out everywhere, revokes their codes and keeps them out; unblocking lets them sign in again', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 50);
    const device = (await m.session.call('member_rewards.member_code.register_device', {})).json().message as MemberCodeDevice;
    const scanned = await staff.call('member_rewards.staff.resolve_code', { code: await memberCodeAt(device) });
    expect(scanned.statusCode).toBe(200);

    const blocked = await lm.call(M.setMemberBlocked, { customer: m.customer, blocked: 1, reason: 'Shared account abuse' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().message).toMatchObject({ customer: m.customer, blocked: true, reason: 'Shared account abuse', by: 'loyalty@example.com' });

    // The open session is gone, so is the device; a new sign-in is refused.
    expect((await m.session.call('headless_e_commerce.api.get_profile', {}, 'GET')).statusCode).toBe(403);
    expect((await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15))).statusCode).toBe(403);
    expect((await new Session(server.app).login(m.name, m.pwd)).statusCode).toBe(401);
    const rescan = await staff.call('member_rewards.staff.resolve_code', { code: await memberCodeAt(device) });
    expect(rescan.json().reason).toBe('code_invalid');
    // A scan taken before the block cannot award either: its device is revoked.
    const award = await staff.call('member_rewards.staff.award_points', { scan_token: scanned.json().message.scan_token, amount: 500, receipt_no: 'BLK-1' });
    expect(award.statusCode).toBe(417);
    expect(award.json().reason).toBe('code_invalid');
    expect(await balance(server, m.customer)).toBe(50);
    expect(message(await lm.call(M.setMemberBlocked, { customer: m.customer, blocked: 1 }))).toBe('Reason is required');

    const unblocked = await lm.call(M.setMemberBlocked, { customer: m.customer, blocked: 0, reason: 'Cleared by support' });
    expect(unblocked.json().message).toMatchObject({ blocked: false, reason: null, at: null });
    const again = new Session(server.app);
    expect((await again.login(m.name, m.pwd)).statusCode).toBe(200);
    expect((await again.call(PLACE_ORDER, gift('GIFT-TOTE', 15))).statusCode).toBe(200);
    expect((await auditOf(server, m.customer)).map((r) => [r.action, r.after])).toEqual([
      ['block', { blocked: true, blocked_reason: 'Shared account abuse' }],
      ['unblock', { blocked: false, blocked_reason: 'Cleared by support' }],
    ]);
  });

  it('refuses a blocked member’s order and a staff award inside their transactions, whatever credential is still around', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 50);
    const device = (await m.session.call('member_rewards.member_code.register_device', {})).json().message as MemberCodeDevice;
    // The flag set behind the back of a live session and a live device: the transactions still refuse.
    await server.database.db.update(customers).set({ blocked: true }).where(eq(customers.name, m.customer));
    const res = await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15));
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('member_blocked');
    const award = await staff.call('member_rewards.staff.award_points', { member_code: await memberCodeAt(device), amount: 500, receipt_no: 'BLK-2' });
    expect(award.statusCode).toBe(403);
    expect(award.json().reason).toBe('member_blocked');
    expect(await balance(server, m.customer)).toBe(50);
  });
});
