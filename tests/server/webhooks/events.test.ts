import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { createMember, createMemberWithDevice, LOYALTY_MANAGER, STAFF, Session, type TestServer } from '../../support/server';
import { memberCodeAt } from '../../../contracts/member-code';
import { today } from '../../../contracts/business-day';
import { WEBHOOK_EVENTS, WebhookPayloadSchema, type WebhookPayload } from '../../../contracts/webhooks';
import { customers } from '../../../server/db/schema/customers';
import { addDays, earnPoints, programOf } from '../../../server/modules/loyalty/ledger';
import { expirePoints } from '../../../server/modules/loyalty/jobs';
import { asClient, createClient, I, integrationServer, type Credentials } from '../integration/support';
import { lastCode, newPhone } from '../account/helpers';
import { addAddress, givePoints, PLACE_ORDER } from '../orders/support';
import { deliveriesOf, receiver, subscribedClient, type Receiver } from './support';

vi.setConfig({ testTimeout: 120_000 });

const SIAM = 'สาขาสยาม';
let server: TestServer;
let admin: Session;
let till: Credentials;
let staff: Session;
let manager: Session;
let hook: Receiver;
let subscription: string;
beforeAll(async () => {
  ({ server, admin } = await integrationServer());
  till = await createClient(admin, ['members:read', 'points:earn', 'points:redeem', 'rewards:confirm']);
  staff = new Session(server.app);
  expect((await staff.login(STAFF.usr, STAFF.pwd)).statusCode).toBe(200);
  manager = new Session(server.app);
  expect((await manager.login(LOYALTY_MANAGER.usr, LOYALTY_MANAGER.pwd)).statusCode).toBe(200);
  hook = await receiver();
  ({ subscription } = await subscribedClient(server, admin, hook.url, WEBHOOK_EVENTS));
}, 120_000);
afterAll(async () => {
  await hook.close();
  await server.close();
});

/** The events recorded for a member, in the order they happened, each checked against the contract's payload. */
async function eventsOf(customer: string): Promise<WebhookPayload[]> {
  const rows = (await deliveriesOf(server, subscription)).filter((d) => d.customer === customer);
  return rows.map((r) => {
    const payload = v.parse(WebhookPayloadSchema, r.payload);
    expect(r.type).toBe(payload.type);
    expect(r.status).toBe('pending');
    return payload;
  });
}
const ofType = async (customer: string, type: string) => (await eventsOf(customer)).filter((e) => e.type === type).map((e) => e.data);

let receipts = 0;
const receiptNo = () => `EV-${++receipts}`;
const earn = async (customer: string, amount: number) => {
  const res = await asClient(server, till, I.earn, { customer, receipt_no: receiptNo(), branch: SIAM, amount });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message as { receipt_no: string; points: number; balance: number };
};
const gift = (m: { session: Session }) =>
  m.session.call(PLACE_ORDER, { loyalty_points: 15, items: [{ item_code: 'GIFT-TOTE', qty: 1 }], payment_method: 'bank-transfer', branch: SIAM });

describe('each event is recorded by the change it reports, in the same transaction', () => {
  it('member.created when a member first verifies a phone, then points.earned for the sign-up bonus', async () => {
    const m = await createMember(server, { phone: null });
    const phone = newPhone();
    expect((await m.session.call('honda_api.api_calls.verifyuser.getphone', { userphone: phone }, 'GET')).statusCode).toBe(200);
    const res = await m.session.call('honda_api.api_calls.verifyuser.verifyotp', { userphone: phone, otp: await lastCode(server, phone) });
    expect(res.json().message.status, res.body).toBe('success');
    const events = await eventsOf(m.customer);
    expect(events[0]).toMatchObject({ type: 'member.created', data: { customer: m.customer } });
    expect(events[0]!.data).not.toHaveProperty('balance');
    // The demo rules give 20 points on sign-up.
    expect(await ofType(m.customer, 'points.earned')).toEqual([{ customer: m.customer, points: 20, balance: 20 }]);
    expect(events.filter((e) => e.type === 'member.created')).toHaveLength(1);
  });

  it('member.updated when the member edits the profile', async () => {
    const m = await createMember(server);
    const res = await m.session.call('honda_api.api_calls.getuser.update_profile', {
      first_name: 'Anong', last_name: 'Sukjai', email: `anong${Date.now()}@example.com`, id_card_number: '1103700012345', birth_date: '1991-02-03',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventsOf(m.customer)).toEqual([expect.objectContaining({ type: 'member.updated', data: { customer: m.customer } })]);
  });

  it('points.earned for a till award, with the receipt, the branch and the spendable balance after it', async () => {
    const m = await createMemberWithDevice(server);
    const res = await staff.call('member_rewards.staff.award_points', { member_code: await memberCodeAt(m.device), amount: 250, receipt_no: 'TILL-EV-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ofType(m.customer, 'points.earned')).toEqual([{ customer: m.customer, points: 10, balance: 10, receipt_no: 'TILL-EV-1', branch: SIAM }]);
  });

  it('points.earned and tier.changed for a receipt posted by the integration; a return takes points back (points.reversed) and lowers the tier below its threshold (tier.changed)', async () => {
    const m = await createMember(server);
    const first = await earn(m.customer, 100); // 4 points: Silver
    const second = await earn(m.customer, 1000); // 40 more: 44, Gold from 35
    expect(await ofType(m.customer, 'points.earned')).toEqual([
      { customer: m.customer, points: 4, balance: 4, receipt_no: first.receipt_no, branch: SIAM },
      { customer: m.customer, points: 40, balance: 44, receipt_no: second.receipt_no, branch: SIAM },
    ]);
    const lookup = async () => (await asClient(server, till, I.lookup, { customer: m.customer })).json().message as { tier: string | null };
    expect((await lookup()).tier).toBe('Gold');
    // Half of the 1000-baht receipt comes back: 20 points, 24 left, under Gold's 35.
    const back = await asClient(server, till, I.reverse, { receipt_no: second.receipt_no, branch: SIAM, amount: 500 });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().message).toMatchObject({ points_reversed: 20, balance: 24 });
    expect(await ofType(m.customer, 'points.reversed')).toEqual([{ customer: m.customer, points: 20, balance: 24, receipt_no: second.receipt_no, branch: SIAM }]);
    expect(await ofType(m.customer, 'tier.changed')).toEqual([
      { customer: m.customer, tier: 'Silver', previous_tier: null, balance: 4 },
      { customer: m.customer, tier: 'Gold', previous_tier: 'Silver', balance: 44 },
      { customer: m.customer, tier: 'Silver', previous_tier: 'Gold', balance: 24 },
    ]);
    expect((await lookup()).tier).toBe('Silver');
    const [row] = await server.database.db.select({ tier: customers.loyalty_program_tier }).from(customers).where(eq(customers.name, m.customer));
    expect(row!.tier).toBe('Silver');
  });

  it('points.earned when a bank transfer is confirmed and the purchase earns its points', async () => {
    const m = await createMember(server);
    const address = await addAddress(server, m.customer);
    const placed = await m.session.call(PLACE_ORDER, {
      billing_address: address, shipping_address: '', use_different_shipping: false, loyalty_points: null,
      items: [{ item_code: 'SNEAKER-BLACK', qty: 1 }], payment_method: 'bank-transfer', delivery_method: 'delivery',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().message as { name: string; points_earned: number };
    expect(order.points_earned).toBeGreaterThan(0);
    expect(await ofType(m.customer, 'points.earned')).toEqual([]);
    expect((await admin.call('member_rewards.orders.confirm_payment', { order: order.name })).statusCode).toBe(200);
    expect(await ofType(m.customer, 'points.earned')).toEqual([{ customer: m.customer, points: order.points_earned, balance: order.points_earned, order: order.name, branch: null }]);
  });

  it('points.redeemed and reward.redeemed for a reward order, reward.confirmed when the till hands it over, order.cancelled when one is cancelled', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 30);
    const placed = await gift(m);
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().message as { name: string; reward_code: string };
    expect(await ofType(m.customer, 'points.redeemed')).toEqual([{ customer: m.customer, points: 15, balance: 15, order: order.name, branch: SIAM }]);
    expect(await ofType(m.customer, 'reward.redeemed')).toEqual([{ customer: m.customer, points: 15, balance: 15, order: order.name, reward_code: order.reward_code, branch: SIAM }]);
    const confirmed = await staff.call('member_rewards.staff.confirm_reward', { code: order.reward_code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await ofType(m.customer, 'reward.confirmed')).toEqual([{ customer: m.customer, balance: 15, order: order.name, reward_code: order.reward_code, branch: SIAM }]);
    const other = (await gift(m)).json().message as { name: string };
    const cancelled = await m.session.call('member_rewards.orders.cancel_reward_order', { order: other.name });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await ofType(m.customer, 'order.cancelled')).toEqual([{ customer: m.customer, points: 15, balance: 15, order: other.name, branch: SIAM }]);
  });

  it('points.expired when the expiry job takes what is left of a batch past its last day', async () => {
    const m = await createMember(server);
    const program = await programOf(server.database.db, m.customer);
    await earnPoints(server.database.db, { customer: m.customer, program: program!, points: 7, source: 'adjustment', postingDate: addDays(today(), -20), expiryDate: addDays(today(), -1) });
    await earnPoints(server.database.db, { customer: m.customer, program: program!, points: 5, source: 'adjustment' });
    await expirePoints(server.database.db, new Date());
    expect(await ofType(m.customer, 'points.expired')).toEqual([{ customer: m.customer, points: 7, balance: 5 }]);
  });

  it('points.adjusted for a manager’s adjustment, signed: given or taken', async () => {
    const m = await createMember(server);
    const adjust = (points: number, key: string) =>
      manager.call('member_rewards.admin.adjust_points', { customer: m.customer, points, reason: 'correction' }, 'POST', { 'idempotency-key': key });
    expect((await adjust(25, `ev-adj-${m.customer}-1`)).statusCode).toBe(200);
    expect((await adjust(-5, `ev-adj-${m.customer}-2`)).statusCode).toBe(200);
    expect(await ofType(m.customer, 'points.adjusted')).toEqual([
      { customer: m.customer, points: 25, balance: 25 },
      { customer: m.customer, points: -5, balance: 20 },
    ]);
  });

  it('hold.captured (and points.redeemed) when held points are captured; hold.released when released', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 100);
    const held = await asClient(server, till, I.hold, { customer: m.customer, points: 30, receipt_no: 'HOLD-EV-1', branch: SIAM });
    expect(held.statusCode, held.body).toBe(200);
    const hold = held.json().message.hold as string;
    expect((await asClient(server, till, I.capture, { hold, points: 20 })).statusCode).toBe(200);
    expect(await ofType(m.customer, 'hold.captured')).toEqual([{ customer: m.customer, hold, points: 20, balance: 80, receipt_no: 'HOLD-EV-1', branch: SIAM }]);
    expect(await ofType(m.customer, 'points.redeemed')).toEqual([{ customer: m.customer, hold, points: 20, balance: 80, receipt_no: 'HOLD-EV-1', branch: SIAM }]);
    const again = (await asClient(server, till, I.hold, { customer: m.customer, points: 10, receipt_no: 'HOLD-EV-2', branch: SIAM })).json().message.hold as string;
    expect((await asClient(server, till, I.release, { hold: again })).statusCode).toBe(200);
    expect(await ofType(m.customer, 'hold.released')).toEqual([{ customer: m.customer, hold: again, points: 10, balance: 80, receipt_no: 'HOLD-EV-2', branch: SIAM }]);
  });

  it('nothing is recorded for an event no enabled subscription wants, and a rolled-back change records nothing', async () => {
    const m = await createMember(server);
    const refused = await asClient(server, till, I.hold, { customer: m.customer, points: 999, receipt_no: 'HOLD-EV-3', branch: SIAM });
    expect(refused.statusCode).toBe(417);
    expect(await eventsOf(m.customer)).toEqual([]);
  });
});
