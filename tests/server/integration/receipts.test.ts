import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createMember, LOYALTY_MANAGER, Session, type TestServer } from '../../support/server';
import { memberCodeAt, type MemberCodeDevice } from '../../../contracts/member-code';
import { PROGRAMME_METHODS as P } from '../../../contracts/programme';
import { today } from '../../../contracts/business-day';
import { loyaltyPointEntries } from '../../../server/db/schema/loyalty';
import { integrationReceipts } from '../../../server/db/schema/integration';
import { demoRules } from '../../../server/seed/loyalty';
import { balanceOf } from '../../../server/modules/loyalty/ledger';
import { asClient, createClient, errorCode, I, integrationServer, type Credentials } from './support';

vi.setConfig({ testTimeout: 120_000 });

const SIAM = 'สาขาสยาม';
let server: TestServer;
let admin: Session;
let till: Credentials;
beforeAll(async () => {
  ({ server, admin } = await integrationServer());
  till = await createClient(admin, ['members:read', 'points:earn', 'points:redeem']);
}, 120_000);
afterAll(() => server.close());

const db = () => server.database.db;
const rowsOf = (customer: string) => db().select().from(loyaltyPointEntries).where(eq(loyaltyPointEntries.customer, customer));
const balance = (customer: string) => balanceOf(db(), customer);

describe('lookup_member', () => {
  it('finds the member by phone, customer or a scanned member code, and masks the phone', async () => {
    const m = await createMember(server, { phone: '0891234567' });
    const expected = { customer: m.customer, tier: 'Silver', points: 0, held_points: 0, phone: '08x-xxx-4567' };
    const byPhone = await asClient(server, till, I.lookup, { phone: '089-123-4567' }, 'GET');
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    expect(byPhone.json().message).toMatchObject(expected);
    expect(byPhone.body).not.toContain('0891234567');
    expect((await asClient(server, till, I.lookup, { customer: m.customer })).json().message).toMatchObject(expected);

    const device = (await m.session.call('member_rewards.member_code.register_device', {})).json().message as MemberCodeDevice;
    const byCode = await asClient(server, till, I.lookup, { member_code: await memberCodeAt(device) });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json().message).toMatchObject(expected);
  });

  it('names nobody for an unknown or unverified phone (404 member_not_found), and wants exactly one way of naming (417)', async () => {
    await createMember(server, { phone: null });
    const unknown = await asClient(server, till, I.lookup, { phone: '0800000001' });
    expect(unknown.statusCode).toBe(404);
    expect(errorCode(unknown)).toBe('member_not_found');
    expect((await asClient(server, till, I.lookup, {})).statusCode).toBe(417);
    expect((await asClient(server, till, I.lookup, { phone: '0891234567', customer: 'x' })).statusCode).toBe(417);
  });
});

describe('earn', () => {
  it('awards a receipt once: the same receipt again answers the first result and awards nothing more', async () => {
    const m = await createMember(server);
    const first = await asClient(server, till, I.earn, { customer: m.customer, receipt_no: 'r-1001', branch: SIAM, amount: 250 });
    expect(first.statusCode, first.body).toBe(200);
    // 250 baht at 25 baht a point, Silver ×1.
    expect(first.json().message).toMatchObject({ customer: m.customer, receipt_no: 'R-1001', branch: SIAM, amount: 250, points: 10, balance: 10, duplicate: false });
    const again = await asClient(server, till, I.earn, { customer: m.customer, receipt_no: 'R-1001', branch: SIAM, amount: 900 });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatchObject({ receipt_no: 'R-1001', amount: 250, points: 10, duplicate: true, entry: first.json().message.entry });
    expect(await balance(m.customer)).toBe(10);
    const rows = await rowsOf(m.customer);
    expect(rows.map((r) => [r.entry_type, r.source, r.loyalty_points, r.receipt_no, r.branch])).toEqual([['earn', 'purchase', 10, 'R-1001', SIAM]]);

    // The same number at another branch, or from another client, is another receipt.
    const otherBranch = await asClient(server, till, I.earn, { customer: m.customer, receipt_no: 'R-1001', branch: 'สาขาเชียงใหม่', amount: 100 });
    expect(otherBranch.json().message).toMatchObject({ points: 4, duplicate: false });
    const shop = await createClient(admin, ['points:earn']);
    const otherClient = await asClient(server, shop, I.earn, { customer: m.customer, receipt_no: 'R-1001', branch: SIAM, amount: 100 });
    expect(otherClient.json().message).toMatchObject({ points: 4, duplicate: false });
    expect(await balance(m.customer)).toBe(18);
  });

  it('20 posts of one receipt at once award it once', async () => {
    const m = await createMember(server);
    const posts = await Promise.all(
      Array.from({ length: 20 }, () => asClient(server, till, I.earn, { customer: m.customer, receipt_no: 'RACE-20', branch: SIAM, amount: 500 })),
    );
    expect(posts.map((p) => p.statusCode)).toEqual(Array(20).fill(200));
    expect(posts.filter((p) => p.json().message.duplicate === false)).toHaveLength(1);
    expect(new Set(posts.map((p) => p.json().message.entry)).size).toBe(1);
    expect(posts.every((p) => p.json().message.points === 20)).toBe(true);
    expect(await balance(m.customer)).toBe(20);
    expect(await rowsOf(m.customer)).toHaveLength(1);
  });

  it('uses a scanned member code once, as the till does', async () => {
    const m = await createMember(server);
    const device = (await m.session.call('member_rewards.member_code.register_device', {})).json().message as MemberCodeDevice;
    const code = await memberCodeAt(device);
    const first = await asClient(server, till, I.earn, { member_code: code, receipt_no: 'CODE-1', branch: SIAM, amount: 100 });
    expect(first.statusCode, first.body).toBe(200);
    const reused = await asClient(server, till, I.earn, { member_code: code, receipt_no: 'CODE-2', branch: SIAM, amount: 100 });
    expect(reused.statusCode).toBe(417);
    expect(errorCode(reused)).toBe('code_used');
    expect(await balance(m.customer)).toBe(4);
  });

  it('applies an item-group campaign to its lines, as the till and the simulator do', async () => {
    const lm = new Session(server.app);
    await lm.login(LOYALTY_MANAGER.usr, LOYALTY_MANAGER.pwd);
    const day = today();
    const set = await lm.call(P.updateRules, {
      rules: { campaigns: [{ id: 'shoes-triple', name: 'Shoes triple', multiplier: 3, from_date: day, to_date: day, branches: [], item_groups: ['Shoes'], tiers: [] }] },
    });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const m = await createMember(server);
      const res = await asClient(server, till, I.earn, {
        customer: m.customer,
        receipt_no: 'LINES-1',
        branch: SIAM,
        amount: 250,
        lines: [
          { item_code: 'SHOE-1', item_group: 'Shoes', qty: 1, amount: 100 },
          { item_code: 'SOCK-1', item_group: 'Socks', qty: 3, amount: 150 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      // 100 baht of shoes ×3 = 12 points, 150 baht of socks = 6 points.
      expect(res.json().message).toMatchObject({ points: 18, campaign: 'Shoes triple', multiplier: 3 });
      const mismatch = await asClient(server, till, I.earn, { customer: m.customer, receipt_no: 'LINES-2', branch: SIAM, amount: 300, lines: [{ item_group: 'Shoes', amount: 100 }] });
      expect(mismatch.statusCode).toBe(417);
    } finally {
      expect((await lm.call(P.updateRules, { rules: demoRules() })).statusCode).toBe(200);
    }
  });

  it('refuses an invalid receipt number or amount (417)', async () => {
    const m = await createMember(server);
    for (const args of [
      { receipt_no: 'bad#no', amount: 100 },
      { receipt_no: '', amount: 100 },
      { receipt_no: 'OK-1', amount: 0 },
      { receipt_no: 'OK-1', amount: -5 },
      { receipt_no: 'OK-1', amount: 2_000_000 },
    ]) {
      const res = await asClient(server, till, I.earn, { customer: m.customer, branch: SIAM, ...args });
      expect(res.statusCode, JSON.stringify(args)).toBe(417);
      expect(res.json().exc_type).toBe('ValidationError');
    }
    const noBranch = await asClient(server, till, I.earn, { customer: m.customer, receipt_no: 'OK-1', amount: 100 });
    expect(errorCode(noBranch)).toBe('branch_required');
  });
});

describe('reverse', () => {
  it('takes points back in proportion: part, then the rest, then nothing more', async () => {
    const m = await createMember(server);
    expect((await asClient(server, till, I.earn, { customer: m.customer, receipt_no: 'RET-1', branch: SIAM, amount: 750 })).json().message.points).toBe(30);
    const part = await asClient(server, till, I.reverse, { receipt_no: 'RET-1', branch: SIAM, amount: 250 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().message).toMatchObject({ amount: 250, reversed_amount: 250, points_due: 10, points_reversed: 10, points_shortfall: 0, balance: 20 });
    const rest = await asClient(server, till, I.reverse, { receipt_no: 'RET-1', branch: SIAM });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().message).toMatchObject({ amount: 500, reversed_amount: 750, points_due: 20, points_reversed: 20, balance: 0 });
    const again = await asClient(server, till, I.reverse, { receipt_no: 'RET-1', branch: SIAM });
    expect(again.statusCode).toBe(417);
    expect(errorCode(again)).toBe('refund_too_large');
    expect(await balance(m.customer)).toBe(0);
    const rows = await rowsOf(m.customer);
    expect(rows.filter((r) => r.entry_type === 'reverse').map((r) => [r.loyalty_points, r.receipt_no]).sort()).toEqual([[-10, 'RET-1'], [-20, 'RET-1']]);
  });

  it('never more than the receipt in all, and never below zero: what was spent is the shortfall', async () => {
    const m = await createMember(server);
    await asClient(server, till, I.earn, { customer: m.customer, receipt_no: 'RET-2', branch: SIAM, amount: 750 });
    const over = await asClient(server, till, I.reverse, { receipt_no: 'RET-2', branch: SIAM, amount: 800 });
    expect(over.statusCode).toBe(417);
    // The member pays 25 of the 30 points at the till.
    const hold = await asClient(server, till, I.hold, { customer: m.customer, points: 25, receipt_no: 'PAY-1', branch: SIAM });
    expect((await asClient(server, till, I.capture, { hold: hold.json().message.hold })).statusCode).toBe(200);
    const whole = await asClient(server, till, I.reverse, { receipt_no: 'RET-2', branch: SIAM });
    expect(whole.json().message).toMatchObject({ points_due: 30, points_reversed: 5, points_shortfall: 25, balance: 0 });
    expect(await balance(m.customer)).toBe(0);
    const [receipt] = await db()
      .select()
      .from(integrationReceipts)
      .where(and(eq(integrationReceipts.receipt_no, 'RET-2'), eq(integrationReceipts.customer, m.customer)));
    expect(receipt).toMatchObject({ reversed_points: 5, points_shortfall: 25 });
  });

  it('concurrent returns of one receipt add up to at most the receipt', async () => {
    const m = await createMember(server);
    await asClient(server, till, I.earn, { customer: m.customer, receipt_no: 'RET-3', branch: SIAM, amount: 500 });
    const res = await Promise.all(Array.from({ length: 6 }, () => asClient(server, till, I.reverse, { receipt_no: 'RET-3', branch: SIAM, amount: 200 })));
    // 500 baht: two returns of 200 fit, the third would pass the receipt.
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(await balance(m.customer)).toBe(4);
  });

  it('a receipt the client never posted is a 404', async () => {
    const res = await asClient(server, till, I.reverse, { receipt_no: 'NEVER', branch: SIAM });
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe('receipt_not_found');
  });
});
