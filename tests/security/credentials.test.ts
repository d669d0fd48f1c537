import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { ADMIN, createMember, createTestServer, serverMessage, Session, type TestServer } from '../support/server';
import { apiKeys, mailOutbox, users } from '../../server/db/schema/auth';
import { BRANCHES } from '../../server/seed/constants';
import { branches } from '../../server/db/schema/orders';

/**
 * Credentials die when they should (class 2 of the hardening issue): a password reset, a password change and
 * disabling a staff account end the account's cookie sessions and API tokens; tokens expire and can be listed and
 * revoked; one login limit per account whatever it is called; an e-mail address is claimed only by proving it.
 */
const TOKEN_LOGIN = 'frappeauth_app.authentication.login';
const RESET = 'frappe.core.doctype.user.user.reset_password';
const UPDATE = 'frappe.core.doctype.user.user.update_password';
const LIST = 'member_rewards.auth.api_keys';
const REVOKE = 'member_rewards.auth.revoke_api_key';

let server: TestServer;
let admin: Session;
beforeAll(async () => {
  server = await createTestServer({ apiTokenTtlDays: 30 });
  await server.database.db.insert(branches).values({ name: BRANCHES[0], branch: BRANCHES[0] });
  admin = new Session(server.app);
  await admin.login(ADMIN.usr, ADMIN.pwd);
}, 120_000);
afterAll(() => server.close());

let seq = 0;
/** A staff account created by the administrator, signed in with a cookie and holding an API token. */
async function staffWithCredentials() {
  seq += 1;
  const email = `till-${seq}-${Date.now()}@example.com`;
  const password = 'first-password-1';
  const created = await admin.call('member_rewards.staff.create_staff_user', { email, full_name: `Till ${seq}`, password, branch: BRANCHES[0] });
  expect(created.statusCode, created.body).toBe(200);
  const cookie = new Session(server.app);
  expect((await cookie.login(email, password)).statusCode).toBe(200);
  const token = (await new Session(server.app).call(TOKEN_LOGIN, { usr: email, pwd: password })).json().message.token as string;
  return { email, password, cookie, token };
}

const asToken = (token: string, method: string, args: Record<string, unknown> = {}, verb: 'GET' | 'POST' = 'GET') =>
  new Session(server.app).call(method, args, verb, { authorization: `token ${token}` });
const whoAmI = (s: Session) => s.call('frappe.auth.get_logged_user', {}, 'GET');

async function expectSignedOut(c: { cookie: Session; token: string }) {
  expect((await whoAmI(c.cookie)).statusCode).not.toBe(200);
  expect((await asToken(c.token, 'frappe.auth.get_logged_user')).statusCode).toBe(401);
}

async function mailedKey(email: string): Promise<string> {
  const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  return /key=([^\s&]+)/.exec(mail!.body)![1]!;
}

describe('a password reset, a password change and disabling an account end sessions and API tokens', () => {
  it('a reset through the mailed link', async () => {
    const c = await staffWithCredentials();
    expect((await asToken(c.token, 'frappe.auth.get_logged_user')).json().message).toBe(c.email);
    expect((await new Session(server.app).call(RESET, { user: c.email })).statusCode).toBe(200);
    const res = await new Session(server.app).call(UPDATE, { key: decodeURIComponent(await mailedKey(c.email)), new_password: 'second-password-2' });
    expect(res.statusCode, res.body).toBe(200);
    await expectSignedOut(c);
  });

  it('a change by the signed-in user (Frappe’s old_password): the caller gets a fresh session, everything else ends', async () => {
    const c = await staffWithCredentials();
    const other = new Session(server.app);
    await other.login(c.email, c.password);
    const wrong = await c.cookie.call(UPDATE, { old_password: 'not-it-at-all', new_password: 'second-password-2' });
    expect(wrong.statusCode).toBe(417);
    const res = await c.cookie.call(UPDATE, { old_password: c.password, new_password: 'second-password-2' });
    expect(res.statusCode, res.body).toBe(200);
    await expectSignedOut({ cookie: other, token: c.token });
    expect((await whoAmI(c.cookie)).json().message).toBe(c.email);
    expect((await new Session(server.app).login(c.email, c.password)).statusCode).toBe(401);
    expect((await new Session(server.app).login(c.email, 'second-password-2')).statusCode).toBe(200);
  });

  it('disabling a staff account; enabling it again brings no old credential back', async () => {
    const c = await staffWithCredentials();
    const off = await admin.call('member_rewards.staff.set_staff_user_enabled', { user: c.email, enabled: 0 });
    expect(off.statusCode, off.body).toBe(200);
    await expectSignedOut(c);
    expect((await admin.call('member_rewards.staff.set_staff_user_enabled', { user: c.email, enabled: 1 })).statusCode).toBe(200);
    await expectSignedOut(c);
    expect((await new Session(server.app).login(c.email, c.password)).statusCode).toBe(200);
    // Only Store Staff accounts, and only by a System Manager.
    expect((await admin.call('member_rewards.staff.set_staff_user_enabled', { user: ADMIN.usr, enabled: 0 })).statusCode).toBe(404);
    expect((await c.cookie.call('member_rewards.staff.set_staff_user_enabled', { user: c.email, enabled: 0 })).statusCode).toBe(403);
  });
});

describe('API tokens', () => {
  it('expire after API_TOKEN_TTL_DAYS', async () => {
    const c = await staffWithCredentials();
    const [row] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.user, c.email));
    const days = (row!.expires_at.getTime() - row!.created_at.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    await server.database.db.update(apiKeys).set({ expires_at: sql`now() - interval '1 second'` }).where(eq(apiKeys.user, c.email));
    expect((await asToken(c.token, 'frappe.auth.get_logged_user')).statusCode).toBe(401);
  });

  it('an owner lists and revokes their own; another user’s look missing; an administrator revokes any', async () => {
    const a = await staffWithCredentials();
    const b = await staffWithCredentials();
    const listed = await asToken(a.token, LIST);
    expect(listed.statusCode, listed.body).toBe(200);
    const keyA = a.token.split(':')[0]!;
    expect(listed.json().message).toEqual([expect.objectContaining({ api_key: keyA, user: a.email, expires_at: expect.any(String) })]);
    expect(JSON.stringify(listed.json())).not.toContain(a.token.split(':')[1]!);

    const keyB = b.token.split(':')[0]!;
    expect((await asToken(a.token, LIST, { user: b.email })).statusCode).toBe(404);
    expect((await asToken(a.token, REVOKE, { api_key: keyB }, 'POST')).statusCode).toBe(404);
    expect((await asToken(b.token, 'frappe.auth.get_logged_user')).statusCode).toBe(200);

    expect((await admin.call(LIST, { user: b.email }, 'GET')).json().message).toHaveLength(1);
    expect((await admin.call(REVOKE, { api_key: keyB })).json().message).toEqual({ revoked: 1 });
    expect((await asToken(b.token, 'frappe.auth.get_logged_user')).statusCode).toBe(401);

    expect((await a.cookie.call(REVOKE, {})).json().message).toEqual({ revoked: 1 });
    expect((await asToken(a.token, 'frappe.auth.get_logged_user')).statusCode).toBe(401);
  });
});

describe('one login limit per account', () => {
  it('login and token login, by name or e-mail in any case, share 10 guesses per 15 minutes', async () => {
    const m = await createMember(server);
    const names = [m.name, m.name.toUpperCase(), ` ${m.name} `];
    let through = 0;
    for (let i = 0; i < 30; i += 1) {
      const usr = names[i % names.length]!;
      const s = new Session(server.app, `10.9.${i}.1`);
      const res = i % 2 === 0 ? await s.login(usr, `guess-${i}`) : await s.call(TOKEN_LOGIN, { usr, pwd: `guess-${i}` });
      if (res.statusCode === 401) through += 1;
      else expect(res.statusCode).toBe(429);
    }
    expect(through).toBe(10);
  }, 60_000);
});

describe('an e-mail address is claimed only by proving it', () => {
  it('a member’s profile address reserves nothing: the owner can still get a staff account with it', async () => {
    const m = await createMember(server);
    const address = `future-staff-${Date.now()}@example.com`;
    const profile = await m.session.call('honda_api.api_calls.getuser.update_profile', {
      first_name: 'A', last_name: 'B', email: address, id_card_number: '1100100000001', birth_date: '1990-01-01',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const created = await admin.call('member_rewards.staff.create_staff_user', { email: address.toUpperCase(), full_name: 'Real owner', password: 'a-long-password', branch: BRANCHES[0] });
    expect(created.statusCode, created.body).toBe(200);
    // The address signs in to the account that proved it, never to the member who typed it.
    expect((await new Session(server.app).login(address, 'a-long-password')).statusCode).toBe(200);
  });

  it('create_staff_user with an address in use is a 409 with a clear message, compared case-insensitively', async () => {
    for (const email of [ADMIN.usr.toUpperCase(), ADMIN.usr]) {
      const res = await admin.call('member_rewards.staff.create_staff_user', { email, full_name: 'Dup', password: 'a-long-password', branch: BRANCHES[0] });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ exc_type: 'DuplicateEntryError', error_code: 'email_in_use' });
      expect(serverMessage(res.json())).toBe('This e-mail address is already in use by another account');
    }
  });

  it('a marketing sign-up with someone’s address does not block them, and a used reset link verifies it', async () => {
    const address = `visitor-${Date.now()}@example.com`;
    const squatter = await new Session(server.app, '10.8.0.1').call('member_rewards.marketing.sign_up', { username: `squatter${seq}`, email: address, password: 'long-enough-1' });
    expect(squatter.statusCode).toBe(200);
    const owner = await new Session(server.app, '10.8.0.2').call('member_rewards.marketing.sign_up', { username: `owner${seq}`, email: address, password: 'long-enough-2' });
    expect(owner.statusCode).toBe(200);
    // Two accounts typed it: the address signs in to neither until one proves it.
    expect((await new Session(server.app, '10.8.0.3').login(address, 'long-enough-2')).statusCode).toBe(401);
    expect((await new Session(server.app).call(RESET, { user: `owner${seq}` })).statusCode).toBe(200);
    expect((await new Session(server.app).call(UPDATE, { key: decodeURIComponent(await mailedKey(address)), new_password: 'owner-new-pass-3' })).statusCode).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.name, `owner${seq}`));
    expect(row!.email_verified).toBe(true);
    expect((await new Session(server.app, '10.8.0.4').login(address, 'owner-new-pass-3')).statusCode).toBe(200);
  });

  it('e-mail changes are limited per member, so the form is no oracle for addresses', async () => {
    const m = await createMember(server);
    const base = { first_name: 'A', last_name: 'B', id_card_number: '1100100000001', birth_date: '1990-01-01' };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push((await m.session.call('honda_api.api_calls.getuser.update_profile', { ...base, email: `probe-${i}@example.com` })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Saving the profile without changing the address is not counted.
    expect((await m.session.call('honda_api.api_calls.getuser.update_profile', { ...base, email: 'probe-4@example.com' })).statusCode).toBe(200);
  });
});
