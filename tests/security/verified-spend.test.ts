import { describe, expect, it } from 'vitest';
import { createMember, createTillServer, serverMessage, Session, type TestServer } from '../support/server';
import { addAddress, balance, gift, givePoints, PLACE_ORDER } from '../server/orders/support';
import { lastCode, newPhone } from '../server/account/helpers';
import { memberCodeAt, type MemberCodeDevice } from '../../contracts/member-code';
import { serverForFile } from '../support/file-server';

/**
 * Members must be verified to spend (class 6 of the hardening issue): a member who never verified a phone cannot
 * redeem, buy or be awarded points through the API, whatever the app would have let them do.
 */
let server: TestServer;
let staff: Session;
serverForFile(createTillServer, (till) => ({ server, staff } = till), 180_000);

async function unverifiedMember() {
  const m = await createMember(server, { phone: null });
  await givePoints(server, m.customer, 200);
  return m;
}

function expectPhoneRefusal(res: { statusCode: number; body: string; json(): Record<string, unknown> }) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({ exc_type: 'PermissionError', error_code: 'phone_not_verified' });
  expect(serverMessage(res.json() as { _server_messages?: string })).toMatch(/verif(y|ied) (your|a) phone number/i);
}

describe('spending needs a verified phone', () => {
  it('a gift redemption by an unverified member is a 403 and spends nothing', async () => {
    const m = await unverifiedMember();
    expectPhoneRefusal(await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15)));
    expect(await balance(server, m.customer)).toBe(200);
  });

  it('a purchase by an unverified member is a 403', async () => {
    const m = await unverifiedMember();
    const address = await addAddress(server, m.customer);
    const res = await m.session.call(PLACE_ORDER, {
      items: [{ item_code: 'TEE-GREEN', qty: 1 }],
      billing_address: address,
      shipping_address: address,
      payment_method: 'bank-transfer',
      delivery_method: 'delivery',
    });
    expectPhoneRefusal(res);
  });

  it('staff cannot award points to an unverified member; the same member verified is awarded', async () => {
    const m = await unverifiedMember();
    const device = (await m.session.call('member_rewards.member_code.register_device')).json().message as MemberCodeDevice;
    const award = (receipt: string, code: string) => staff.call('member_rewards.staff.award_points', { member_code: code, amount: 500, receipt_no: receipt });
    const refused = await award('R-UNVERIFIED-1', await memberCodeAt(device));
    expectPhoneRefusal(refused);
    expect(refused.json()).toMatchObject({ reason: 'phone_not_verified' });
    expect(await balance(server, m.customer)).toBe(200);

    const phone = newPhone();
    expect((await m.session.call('honda_api.api_calls.verifyuser.getphone', { userphone: phone }, 'GET')).statusCode).toBe(200);
    const verified = await m.session.call('honda_api.api_calls.verifyuser.verifyotp', { userphone: phone, otp: await lastCode(server, phone) });
    expect(verified.json().message.status).toBe('success');

    const ok = await award('R-UNVERIFIED-2', await memberCodeAt(device, Date.now() + 30_000));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await balance(server, m.customer)).toBeGreaterThan(200);
    expect((await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15))).statusCode).toBe(200);
  });
});
