import { createECDH, randomBytes } from 'node:crypto';
import { serverForFile } from '../../support/file-server';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createManagerServer, createMember, createMemberWithDevice, LOYALTY_MANAGER, Session, STAFF, type TestServer } from '../../support/server';
import { memberCodeAt } from '../../../contracts/member-code';
import { lastCode, newPhone, signInWithLine } from '../account/helpers';
import { gift, PLACE_ORDER } from '../orders/support';
import { customers } from '../../../server/db/schema/customers';
import { users } from '../../../server/db/schema/auth';
import { pushSubscriptions } from '../../../server/db/schema/notifications';
import { loyaltyPointEntries } from '../../../server/db/schema/loyalty';
import { privacyRequests } from '../../../server/db/schema/privacy';
import { auditLog } from '../../../server/db/schema/audit';
import { dashboard } from '../../../server/modules/reports/service';
import { devIdToken } from '../../../server/modules/account/line';
import { ADMIN_METHODS } from '../../../contracts/admin';
import { today } from '../../../contracts/business-day';
import { addDays } from '../../../server/modules/programme/rules';
import {
  PRIVACY_CONFIRM_DELETION, PRIVACY_ERASE_MEMBER, PRIVACY_EXPORT_MY_DATA, PRIVACY_LIST_REQUESTS, PRIVACY_REQUEST_DELETION, PRIVACY_SEND_ERASURE_CODE,
  PRIVACY_SET_CONSENT,
} from '../../../contracts/privacy';

vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let manager: Session;
serverForFile(createManagerServer, (s) => ({ server, manager } = s), 600_000);

const db = () => server.database.db;

/** Every place a value could hide: each text, varchar, json, jsonb and array column of every table. */
async function findEverywhere(values: string[]): Promise<string[]> {
  const result = await db().execute(sql`
    select c.table_name as t, c.column_name as c from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`);
  const columns = (result as unknown as { rows: { t: string; c: string }[] }).rows;
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { t, c } of columns) {
    for (const value of values) {
      const hit = await db().execute(
        sql`select count(*)::int as n from ${sql.identifier(t)} where strpos(${sql.identifier(c)}::text, ${value}) > 0`,
      );
      const n = (hit as unknown as { rows: { n: number }[] }).rows[0]!.n;
      if (n > 0) found.push(`${t}.${c} holds ${JSON.stringify(value)} (${n})`);
    }
  }
  return found;
}

/** The dashboard's points and liability against the ledger summed directly. */
async function reportsAgainstLedger() {
  const from = addDays(today(), -30);
  const to = today();
  const report = await dashboard(db(), { from_date: from, to_date: to, branch: null }, { snapshot: false });
  const sums = await db().execute(sql`
    select
      coalesce(sum(loyalty_points) filter (where posting_date <= ${to} and expiry_date >= ${to}), 0)::int as outstanding,
      coalesce(sum(loyalty_points) filter (where entry_type = 'adjust' and posting_date between ${from} and ${to}), 0)::int as adjusted,
      coalesce(sum(loyalty_points) filter (where entry_type = 'refund' and posting_date between ${from} and ${to}), 0)::int as refunded,
      coalesce(-sum(loyalty_points) filter (where entry_type = 'redeem' and posting_date between ${from} and ${to}), 0)::int as redeemed
    from ${loyaltyPointEntries}`);
  const truth = (sums as unknown as { rows: { outstanding: number; adjusted: number; refunded: number; redeemed: number }[] }).rows[0]!;
  return { report, truth };
}

const ID_CARD = '1101700203450';

describe('a member deletes their account', () => {
  let s: Session;
  let user: string;
  let customer: string;
  let phone: string;
  let lineSub: string;
  let personal: string[];
  let balance: number;

  it('sets up a member with everything a member leaves behind', async () => {
    ({ s, user } = await signInWithLine(server, { name: 'Erasia LINE' }));
    phone = newPhone();
    expect((await s.call('honda_api.api_calls.verifyuser.getphone', { userphone: phone })).statusCode).toBe(200);
    const verified = await s.call('honda_api.api_calls.verifyuser.verifyotp', { userphone: phone, otp: await lastCode(server, phone) });
    expect(verified.json().message.status, verified.body).toBe('success');
    const profile = await s.call('honda_api.api_calls.getuser.update_profile', {
      first_name: 'Erasia',
      last_name: 'Forgetmenot',
      email: 'erasia.forgetmenot@example.net',
      id_card_number: ID_CARD,
      birth_date: '1990-04-17',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const address = await s.call('headless_e_commerce.api.add_address', {
      first_name: 'Erasia',
      last_name: 'Forgetmenot',
      address_line1: '77/7 Soi Forgetting',
      address_line2: 'Moo 9 Erasure Village',
      city: 'Bang Rak',
      state: 'Bangkok',
      country: 'Thailand',
      pincode: '10500',
      phone,
      is_primary_address: 1,
      is_shipping_address: 1,
    });
    expect(address.statusCode, address.body).toBe(200);
    const [u] = await db().select().from(users).where(eq(users.name, user));
    lineSub = u!.line_sub!;
    customer = (await db().select().from(customers).where(eq(customers.user, user)))[0]!.name;

    const adjusted = await manager.call(
      ADMIN_METHODS.adjustPoints,
      { customer, points: 500, reason: 'goodwill', note: 'Erasia Forgetmenot phoned about 77/7 Soi Forgetting', member_text: 'For Erasia Forgetmenot' },
      'POST',
      { 'idempotency-key': 'erase-adjust' },
    );
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const order = await s.call(PLACE_ORDER, gift('GIFT-TUMBLER', 20));
    expect(order.statusCode, order.body).toBe(200);
    expect((await s.call(PRIVACY_SET_CONSENT.path, { purpose: 'marketing', granted: 1 })).statusCode).toBe(200);
    const copy = await s.call(PRIVACY_EXPORT_MY_DATA.path, {}, 'GET');
    expect(copy.statusCode, copy.body).toBe(200);
    const summary = await manager.call(ADMIN_METHODS.memberSummary, { customer }, 'GET');
    expect(summary.statusCode, summary.body).toBe(200);

    personal = [phone, 'Erasia', 'Forgetmenot', 'Erasia LINE', 'erasia.forgetmenot@example.net', lineSub, '77/7 Soi Forgetting', 'Moo 9 Erasure Village', ID_CARD, user];
    // The test can fail: before erasure every value is somewhere.
    const before = await findEverywhere(personal);
    // (The LINE display name was replaced by the profile's name, so it is searched for after erasure only.)
    for (const value of personal.filter((x) => x !== 'Erasia LINE')) expect(before.some((f) => f.includes(JSON.stringify(value))), value).toBe(true);
  });

  it('refuses a wrong code and erases nothing', async () => {
    // What the member holds: the adjustment and the sign-up bonus, less the reward order's 20.
    balance = (await s.call('headless_e_commerce.api.get_profile', {}, 'GET')).json().message.loyalty_points;
    expect(balance).toBeGreaterThanOrEqual(480);
    const asked = await s.call(PRIVACY_REQUEST_DELETION.path, {});
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toMatchObject({ sent: true, phone: `${phone.slice(0, 2)}x-xxx-${phone.slice(-4)}`, points_to_forfeit: balance + 20 });
    expect(asked.json().message.uncollected_rewards).toHaveLength(1);
    const code = await lastCode(server, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await s.call(PRIVACY_CONFIRM_DELETION.path, { otp: wrong });
    expect(res.statusCode).toBe(417);
    expect(res.json().error_code).toBe('erasure_code_wrong');
    expect((await db().select().from(users).where(eq(users.name, user))).length).toBe(1);
  });

  it('erases with the code: rewards cancelled with points back, the rest forfeited, no personal data left anywhere, reports still equal the ledger', async () => {
    const before = await reportsAgainstLedger();
    expect(before.report.points.outstanding).toBe(before.truth.outstanding);
    expect(before.report.points.adjusted).toBe(before.truth.adjusted);
    expect(before.report.liability_baht).toBe(before.truth.outstanding * before.report.point_value_baht);

    const code = await lastCode(server, phone);
    const res = await s.call(PRIVACY_CONFIRM_DELETION.path, { otp: code });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().message;
    expect(answer.customer).toBe(customer);
    expect(answer.cancelled_rewards).toEqual([{ order: expect.any(String), points_returned: 20 }]);
    expect(answer.points_forfeited).toBe(balance + 20);

    // Signed out everywhere: the session no longer signs anyone in.
    const boot = await s.call('member_rewards.api.boot', {}, 'GET');
    expect(boot.json().message.user).toBe('Guest');

    // The ledger keeps its lines under the pseudonymous id, the forfeit a line of its own; the balance is 0.
    const lines = await db().select().from(loyaltyPointEntries).where(eq(loyaltyPointEntries.customer, customer));
    expect(lines.reduce((sum, l) => sum + l.loyalty_points, 0)).toBe(0);
    expect(lines.filter((l) => l.reason === 'account_deleted').reduce((sum, l) => sum + l.loyalty_points, 0)).toBe(-(balance + 20));
    expect(lines.some((l) => l.entry_type === 'refund' && l.loyalty_points === 20)).toBe(true);

    expect(await findEverywhere(personal)).toEqual([]);

    const after = await reportsAgainstLedger();
    expect(after.report.points.outstanding).toBe(after.truth.outstanding);
    expect(after.report.points.adjusted).toBe(after.truth.adjusted);
    expect(after.report.points.refunded).toBe(after.truth.refunded);
    expect(after.report.points.redeemed).toBe(after.truth.redeemed);
    expect(after.report.liability_baht).toBe(after.truth.outstanding * after.report.point_value_baht);
    expect(after.truth.outstanding).toBe(before.truth.outstanding - balance);

    // The audit log records the erasure, naming only the pseudonymous member.
    const rows = await db().select().from(auditLog).where(eq(auditLog.ref_name, customer));
    expect(rows.find((r) => r.action === 'erase')).toMatchObject({ ref_doctype: 'Personal Data', after: { confirmed_by: 'member_code', points_forfeited: balance + 20, rewards_cancelled: 1 } });
    const requests = await db().select().from(privacyRequests).where(eq(privacyRequests.customer, customer)).orderBy(privacyRequests.id);
    expect(requests.map((r) => [r.kind, r.status])).toEqual([
      ['access', 'completed'],
      ['erasure', 'completed'],
    ]);
  });

  it('the same LINE user signing in again is a new member with no points', async () => {
    const idToken = await devIdToken(db(), { sub: lineSub, name: 'Erasia LINE' });
    const again = new Session(server.app);
    const res = await again.call('member_rewards.account.liff_login', { id_token: idToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.user).not.toBe(user);
    const profile = (await again.call('headless_e_commerce.api.get_profile', {}, 'GET')).json().message;
    expect(profile.name).not.toBe(customer);
    expect(profile.loyalty_points).toBe(0);
    expect(profile.mobile_no).toBeNull();
  });

  it('a second erasure of the same member is refused', async () => {
    const res = await manager.call(PRIVACY_ERASE_MEMBER.path, { customer, reason: 'asked at the branch' });
    expect(res.statusCode).toBe(417);
    expect(res.json().error_code).toBe('member_erased');
  });
});

describe('erasure without a verified phone, and by a manager', () => {
  it('a member with no verified phone cannot be sent a code', async () => {
    const m = await createMember(server, { phone: null });
    const res = await m.session.call(PRIVACY_REQUEST_DELETION.path, {});
    expect(res.statusCode).toBe(417);
    expect(res.json().error_code).toBe('phone_not_verified');
  });

  it('a manager erases on request with the code the member received, or with a written reason; neither is refused', async () => {
    const a = await createMember(server);
    const phone = (await db().select().from(users).where(eq(users.name, a.name)))[0]!.mobile_no!;
    const neither = await manager.call(PRIVACY_ERASE_MEMBER.path, { customer: a.customer });
    expect(neither.statusCode).toBe(417);
    expect(neither.json().error_code).toBe('erasure_confirmation_required');

    const sent = await manager.call(PRIVACY_SEND_ERASURE_CODE.path, { customer: a.customer });
    expect(sent.statusCode, sent.body).toBe(200);
    const erased = await manager.call(PRIVACY_ERASE_MEMBER.path, { customer: a.customer, otp: await lastCode(server, phone) });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await a.session.call('member_rewards.api.boot', {}, 'GET')).json().message.user).toBe('Guest');
    expect(await findEverywhere([phone, a.name])).toEqual([]);

    const b = await createMember(server);
    const byReason = await manager.call(PRIVACY_ERASE_MEMBER.path, { customer: b.customer, reason: 'Written request received at the Siam branch' });
    expect(byReason.statusCode, byReason.body).toBe(200);
    const audit = await db().select().from(auditLog).where(eq(auditLog.ref_name, b.customer));
    expect(audit.find((r) => r.action === 'erase')).toMatchObject({ user: LOYALTY_MANAGER.usr, after: { confirmed_by: 'manager_reason', reason: 'Written request received at the Siam branch' } });

    const list = await manager.call(PRIVACY_LIST_REQUESTS.path, { kind: 'erasure' }, 'GET');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().message.rows as { customer: string; status: string; member_name: string | null; due_date: string }[];
    const mine = rows.filter((r) => r.customer === a.customer || r.customer === b.customer);
    expect(mine).toHaveLength(2);
    for (const r of mine) expect(r).toMatchObject({ status: 'completed', member_name: null, due_date: addDays(today(), 90) });
  });
});

describe('erasure revokes every credential of the account', () => {
  it('an API token, the member-code device and a push subscription stop working at once', async () => {
    const m = await createMemberWithDevice(server);
    const token = (await new Session(server.app).call('frappeauth_app.authentication.login', { usr: m.name, pwd: m.pwd })).json().message.token as string;
    const withToken = () => server.app.inject({ method: 'GET', url: '/api/method/frappe.auth.get_logged_user', headers: { authorization: `token ${token}` } });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const endpoint = `https://push.example.test/push/${randomBytes(8).toString('hex')}`;
    const subscribed = await m.session.call('member_rewards.notifications.subscribe', {
      subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') }, expirationTime: null },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const staff = new Session(server.app);
    expect((await staff.login(STAFF.usr, STAFF.pwd)).statusCode).toBe(200);
    const scan = async () => staff.call('member_rewards.staff.resolve_code', { code: await memberCodeAt(m.device) });
    const subscriptionsAt = () => db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    // The test can fail: before erasure each credential works.
    expect((await withToken()).json().message).toBe(m.name);
    expect((await scan()).statusCode).toBe(200);
    expect(await subscriptionsAt()).toHaveLength(1);

    const erased = await manager.call(PRIVACY_ERASE_MEMBER.path, { customer: m.customer, reason: 'Asked by e-mail to delete the account' });
    expect(erased.statusCode, erased.body).toBe(200);

    // Not moved to the pseudonymous account either: gone.
    expect((await withToken()).statusCode).toBe(401);
    const refused = await scan();
    expect(refused.statusCode).toBe(417);
    expect(refused.json().reason).toBe('code_invalid');
    expect(await subscriptionsAt()).toEqual([]);
    expect((await m.session.call('member_rewards.api.boot', {}, 'GET')).json().message.user).toBe('Guest');
  });
});
