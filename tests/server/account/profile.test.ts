import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN, BRANCH_MANAGER, createTestServer, LOYALTY_MANAGER, serverMessage, Session, STAFF, type TestServer } from '../../support/server';
import { users } from '../../../server/db/schema/auth';
import { customers } from '../../../server/db/schema/customers';
import { loyaltyPointEntries, loyaltyPrograms, loyaltyTiers } from '../../../server/db/schema/loyalty';
import { seedMembers } from '../../../server/seed/members';
import { DEMO_MEMBER, LOYALTY_PROGRAM } from '../../../server/seed/constants';
import { signInWithLine } from './helpers';

const PROFILE = 'headless_e_commerce.api.get_profile';
const UPDATE = 'honda_api.api_calls.getuser.update_profile';
const TIER = 'loyalty_program_customizations.overrides.get_tier';

let server: TestServer;
let demo: Session;
beforeAll(async () => {
  server = await createTestServer();
  const db = server.database.db;
  await seedMembers(db);
  await db.insert(loyaltyPrograms).values({ name: LOYALTY_PROGRAM }).onConflictDoNothing();
  await db.delete(loyaltyTiers).where(eq(loyaltyTiers.loyalty_program, LOYALTY_PROGRAM));
  await db.insert(loyaltyTiers).values([
    { loyalty_program: LOYALTY_PROGRAM, tier_name: 'Silver', min_points: 0, tier_thumbnail: '/files/silver.png' },
    { loyalty_program: LOYALTY_PROGRAM, tier_name: 'Gold', min_points: 35 },
  ]);
  await db.delete(loyaltyPointEntries).where(eq(loyaltyPointEntries.customer, DEMO_MEMBER.customer));
  await db.insert(loyaltyPointEntries).values({
    name: 'LPE-T-0001',
    customer: DEMO_MEMBER.customer,
    loyalty_program: LOYALTY_PROGRAM,
    loyalty_points: 24,
    expiry_date: '2999-12-31',
    posting_date: '2024-01-01',
    source: 'purchase',
  });
  demo = (await signInWithLine(server, 'demo')).s;
}, 60_000);
afterAll(() => server.close());

const valid = { first_name: 'Anong', last_name: 'Sukjai', email: 'anong@example.com', id_card_number: '1103700012345', birth_date: '1991-02-03' };

describe('get_profile', () => {
  it("answers the member's own fields, balance and tier", async () => {
    const res = await demo.call(PROFILE, {}, 'GET');
    expect(res.statusCode).toBe(200);
    const p = res.json().message;
    expect(p).toMatchObject({
      name: DEMO_MEMBER.customer,
      full_name: `${DEMO_MEMBER.firstName} ${DEMO_MEMBER.lastName}`,
      first_name: DEMO_MEMBER.firstName,
      last_name: DEMO_MEMBER.lastName,
      mobile_no: DEMO_MEMBER.phone,
      phone: DEMO_MEMBER.phone,
      email: DEMO_MEMBER.user,
      loyalty_points: 24,
      loyalty_program_tier: 'Silver',
      phone_verified: true,
    });
    expect(p).toHaveProperty('user_image');
    expect(p).toHaveProperty('id_card_number');
    expect(p).toHaveProperty('birth_date');
  });

  it('never carries hashes, keys, LINE ids or roles', async () => {
    const body = (await demo.call(PROFILE, {}, 'GET')).body;
    for (const secret of ['password', 'hash', 'api_key', 'secret', 'line_sub', DEMO_MEMBER.lineSub, 'csrf', 'roles']) {
      expect(body).not.toContain(secret);
    }
  });

  it("of another member is unreachable: names in the request are ignored", async () => {
    const { s } = await signInWithLine(server, { name: 'Curious Member' });
    const res = await s.call(PROFILE, { name: DEMO_MEMBER.customer, user: DEMO_MEMBER.user, customer: DEMO_MEMBER.customer }, 'GET');
    expect(res.json().message.name).not.toBe(DEMO_MEMBER.customer);
    expect(res.body).not.toContain(DEMO_MEMBER.phone);
    expect(res.body).not.toContain(DEMO_MEMBER.firstName);
  });

  it('answers every signed-in role its own profile, the back office managers too (the app reads it after any sign-in)', async () => {
    for (const who of [STAFF, ADMIN, LOYALTY_MANAGER, BRANCH_MANAGER]) {
      const s = new Session(server.app);
      expect((await s.login(who.usr, who.pwd)).statusCode).toBe(200);
      const res = await s.call(PROFILE, {}, 'GET');
      expect(res.statusCode, `${who.usr}: ${res.body}`).toBe(200);
      expect(res.json().message).toMatchObject({ user: who.usr, loyalty_program: null, loyalty_points: 0 });
    }
  });

  it('a guest gets 403', async () => {
    expect((await new Session(server.app).call(PROFILE, {}, 'GET')).statusCode).toBe(403);
  });
});

describe('get_tier', () => {
  it('answers tier_name, tier_thumbnail, next_tier_name, points_to_next_tier and the points that count for the own customer', async () => {
    const res = await demo.call(TIER, { customer: DEMO_MEMBER.customer });
    expect(res.json().message).toEqual({ tier_name: 'Silver', tier_thumbnail: '/files/silver.png', next_tier_name: 'Gold', points_to_next_tier: 11, points_earned: 24 });
  });

  it("refuses another member's customer", async () => {
    const { s } = await signInWithLine(server, { name: 'Tier Peeker' });
    const res = await s.call(TIER, { customer: DEMO_MEMBER.customer });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Silver');
  });

  it('requires the customer argument', async () => {
    const res = await demo.call(TIER, {});
    expect(serverMessage(res.json())).toBe('Customer is required');
  });
});

describe('User read', () => {
  it('gives name, full_name and user_image of the own record only', async () => {
    const me = await demo.request({ method: 'GET', url: `/api/resource/User/${encodeURIComponent(DEMO_MEMBER.user)}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ name: DEMO_MEMBER.user, full_name: `${DEMO_MEMBER.firstName} ${DEMO_MEMBER.lastName}` });
    expect(me.json().data.password_hash).toBeUndefined();
    expect(me.json().data.mobile_no).toBeUndefined();
    const other = await demo.request({ method: 'GET', url: `/api/resource/User/${encodeURIComponent(STAFF.usr)}` });
    expect(other.statusCode).toBe(404);
    const list = await demo.request({ method: 'GET', url: '/api/resource/User', query: { fields: JSON.stringify(['name', 'full_name', 'user_image']) } });
    expect(list.json().data.map((u: { name: string }) => u.name)).toEqual([DEMO_MEMBER.user]);
    const sneaky = await demo.request({ method: 'GET', url: '/api/resource/User', query: { fields: JSON.stringify(['password_hash']) } });
    expect(sneaky.statusCode).toBe(417);
  });
});

describe('update_profile', () => {
  it('saves the form, renames the customer and answers the new profile', async () => {
    const { s, user } = await signInWithLine(server, { name: 'Form Filler' });
    const res = await s.call(UPDATE, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ first_name: 'Anong', last_name: 'Sukjai', full_name: 'Anong Sukjai', email: 'anong@example.com', id_card_number: '1103700012345', birth_date: '1991-02-03' });
    const [cust] = await server.database.db.select().from(customers).where(eq(customers.user, user));
    expect(cust!.customer_name).toBe('Anong Sukjai');
    const profile = (await s.call(PROFILE, {}, 'GET')).json().message;
    expect(profile.full_name).toBe('Anong Sukjai');
  });

  it('refuses each missing required field with the shared rule message', async () => {
    const { s } = await signInWithLine(server, { name: 'Validation Member' });
    const cases: [keyof typeof valid, string][] = [
      ['first_name', 'First name is required'],
      ['last_name', 'Last name is required'],
      ['id_card_number', 'ID card number is required'],
      ['birth_date', 'Birth date is required'],
    ];
    for (const [field, message] of cases) {
      const blank = await s.call(UPDATE, { ...valid, [field]: '  ' });
      expect(blank.statusCode).toBe(417);
      expect(serverMessage(blank.json())).toBe(message);
      const { [field]: _omit, ...without } = valid;
      const missing = await s.call(UPDATE, without);
      expect(serverMessage(missing.json())).toBe(message);
    }
  });

  it('refuses an impossible birth date and a malformed e-mail', async () => {
    const { s } = await signInWithLine(server, { name: 'Odd Input' });
    expect(serverMessage((await s.call(UPDATE, { ...valid, birth_date: '2023-02-30' })).json())).toBe('Birth date is invalid');
    expect(serverMessage((await s.call(UPDATE, { ...valid, birth_date: '2999-01-01' })).json())).toBe('Birth date is invalid');
    const email = (await s.call(UPDATE, { ...valid, email: 'not-an-email' })).json();
    expect(serverMessage(email)).toBe('Please enter a valid e-mail address');
    expect(email.error_code).toBe('email_invalid');
  });

  it('an empty e-mail is allowed (the form clears the LINE placeholder)', async () => {
    const { s } = await signInWithLine(server, { name: 'No Email' });
    const before = (await s.call(PROFILE, {}, 'GET')).json().message;
    expect(before.email).toMatch(/@line\.me$/);
    const res = await s.call(UPDATE, { ...valid, email: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message.email).toBeNull();
  });

  it("accepts an address another account holds without reserving it, so the answer tells nothing about it", async () => {
    const { s } = await signInWithLine(server, { name: 'Email Thief' });
    const res = await s.call(UPDATE, { ...valid, email: DEMO_MEMBER.user });
    expect(res.statusCode).toBe(200);
    expect((await server.database.db.select().from(users).where(eq(users.name, res.json().message.user)))[0]!.email_verified).toBe(false);
  });

  it('the phone cannot be changed here', async () => {
    const before = (await demo.call(PROFILE, {}, 'GET')).json().message;
    const res = await demo.call(UPDATE, { ...valid, first_name: before.first_name, last_name: before.last_name, phone: '0899999999' });
    expect(res.statusCode).toBe(417);
    expect(serverMessage(res.json())).toBe('The phone number cannot be changed here');
    expect(res.json().error_code).toBe('phone_read_only');
    const [row] = await server.database.db.select().from(users).where(eq(users.name, DEMO_MEMBER.user));
    expect(row!.mobile_no).toBe(DEMO_MEMBER.phone);
    // Sending the current phone back (as the form does, read-only) is fine.
    const same = await demo.call(UPDATE, { ...valid, first_name: before.first_name, last_name: before.last_name, email: DEMO_MEMBER.user, phone: DEMO_MEMBER.phone });
    expect(same.statusCode).toBe(200);
  });

  it('changes only the caller, whatever names are sent', async () => {
    const { s } = await signInWithLine(server, { name: 'Impostor' });
    await s.call(UPDATE, { ...valid, first_name: 'Hacked', name: DEMO_MEMBER.user, user: DEMO_MEMBER.user });
    const [row] = await server.database.db.select().from(users).where(eq(users.name, DEMO_MEMBER.user));
    expect(row!.first_name).not.toBe('Hacked');
  });

  it('needs the CSRF token on a cookie session', async () => {
    const { s } = await signInWithLine(server, { name: 'Csrf Check' });
    const res = await s.request({ method: 'POST', url: `/api/method/${UPDATE}`, payload: valid, csrf: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().exc_type).toBe('CSRFTokenError');
    expect((await s.call(PROFILE, {}, 'GET')).json().message.first_name).not.toBe('Anong');
  });

  it('is for members: staff and guests are refused', async () => {
    const staff = new Session(server.app);
    await staff.login(STAFF.usr, STAFF.pwd);
    expect((await staff.call(UPDATE, valid)).statusCode).toBe(403);
    expect((await new Session(server.app).call(UPDATE, valid)).statusCode).toBe(403);
  });
});

describe('frappeauth_app.authentication.login (API token)', () => {
  const LOGIN = 'frappeauth_app.authentication.login';

  it('answers a key:secret token that works as Authorization, stored hashed', async () => {
    const client = new Session(server.app);
    const res = await client.call(LOGIN, { usr: ADMIN.usr, pwd: ADMIN.pwd });
    expect(res.statusCode).toBe(200);
    const m = res.json().message;
    expect(m).toMatchObject({ status_code: 200, text: 'Logged In', user: ADMIN.usr });
    expect(m.token).toMatch(/^[\w-]+:[\w-]+$/);
    const [, secret] = m.token.split(':');
    const me = await server.app.inject({ method: 'GET', url: '/api/method/frappe.auth.get_logged_user', headers: { authorization: `token ${m.token}` } });
    expect(me.json().message).toBe(ADMIN.usr);
    const rows = await server.database.db.execute(`select secret_hash from api_keys`);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('works for website users and takes the keys by name, in any order, with extra keys', async () => {
    const [row] = await server.database.db.select().from(users).where(eq(users.name, STAFF.usr));
    expect(row).toBeDefined();
    const res = await new Session(server.app).call(LOGIN, { device: 'mobile', pwd: STAFF.pwd, usr: STAFF.usr });
    expect(res.json().message.token).toBeTruthy();
  });

  it('refuses wrong credentials with 401 and the original message shape, without a token', async () => {
    const res = await new Session(server.app).call(LOGIN, { usr: ADMIN.usr, pwd: 'wrong' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toEqual({ status_code: 401, text: 'Invalid login credentials' });
    const incomplete = await new Session(server.app).call(LOGIN, { usr: ADMIN.usr });
    expect(serverMessage(incomplete.json())).toBe('Incomplete login details');
  });
});
