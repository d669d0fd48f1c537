import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { FrappeApp } from 'frappe-js-sdk';
import { desc, eq } from 'drizzle-orm';
import { createMember, createTestServer, serverMessage, Session, type TestServer } from '../../support/server';
import { mailOutbox, passwordResets, users, type Role } from '../../../server/db/schema/auth';

/**
 * Frappe's password reset request (frappe.core.doctype.user.user.reset_password), by /api/method and by Frappe's
 * older entry point `POST /` with `cmd`, which the official frappe-js-sdk's forgetPassword uses. The answer must
 * not tell whether an account exists, and the request is rate-limited per address.
 */
const RESET = 'frappe.core.doctype.user.user.reset_password';

let server: TestServer;
let member: Awaited<ReturnType<typeof createMember>>;
let ipSeq = 0;
/** An account of its own for a test: requests are also limited per account (3 an hour). */
const account = (roles: Role[] = ['Store Staff']) => createMember(server, { roles });
/** Each test asks from its own address: the limit is per address and must not leak between tests. */
const fresh = () => new Session(server.app, `10.9.0.${++ipSeq}`);

beforeAll(async () => {
  server = await createTestServer();
  member = await createMember(server);
});
afterAll(() => server.close());

const answer = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => ({
  status: res.statusCode,
  type: res.headers['content-type'],
  body: res.body,
});

describe('reset_password request', () => {
  it('answers the same for an existing and an unknown e-mail', async () => {
    const s = fresh();
    const known = await s.call(RESET, { user: (await account()).name });
    const unknown = await s.call(RESET, { user: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.json().message).toMatch(/sent/i);
    expect(answer(unknown)).toEqual(answer(known));
  });

  it('POST / with cmd (JSON or form body) answers exactly as /api/method does', async () => {
    const s = fresh();
    const known = await account();
    const viaMethod = await s.call(RESET, { user: known.name });
    const viaRootJson = await s.request({ method: 'POST', url: '/', payload: { cmd: RESET, user: known.name } });
    const viaRootForm = await s.request({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cmd: RESET, user: 'nobody-here@example.com' }).toString(),
    });
    expect(answer(viaRootJson)).toEqual(answer(viaMethod));
    expect(answer(viaRootForm)).toEqual(answer(viaMethod));
  });

  it('refuses a missing user the same way on both entry points', async () => {
    const s = fresh();
    const viaMethod = await s.call(RESET, {});
    const viaRoot = await s.request({ method: 'POST', url: '/', payload: { cmd: RESET } });
    expect(viaMethod.statusCode).toBe(417);
    expect(serverMessage(viaMethod.json())).toBe('User is required');
    expect(answer(viaRoot)).toEqual(answer(viaMethod));
  });

  it('is limited per address across both entry points, known and unknown e-mails alike (429 after 10 an hour)', async () => {
    const s = fresh();
    const known = await Promise.all([1, 2, 3, 4, 5].map(() => account()));
    for (let i = 0; i < 10; i++) {
      const res = i % 2
        ? await s.request({ method: 'POST', url: '/', payload: { cmd: RESET, user: known[(i - 1) / 2]!.name } })
        : await s.call(RESET, { user: `unknown-${i}@example.com` });
      expect(res.statusCode).toBe(200);
    }
    for (const user of [member.name, 'nobody-here@example.com']) {
      const res = await s.call(RESET, { user });
      expect(res.statusCode).toBe(429);
      expect(res.json().exc_type).toBe('TooManyRequestsError');
      const root = await s.request({ method: 'POST', url: '/', payload: { cmd: RESET, user } });
      expect(root.statusCode).toBe(429);
    }
    // Another address is not affected.
    expect((await fresh().call(RESET, { user: (await account()).name })).statusCode).toBe(200);
  });
});

describe('POST / with cmd', () => {
  it('answers 404 in Frappe’s shape for an unregistered command or none', async () => {
    const s = fresh();
    for (const payload of [{ cmd: 'frappe.client.delete_everything' }, { cmd: '../api/resource/User' }, { user: 'x' }, {}]) {
      const res = await s.request({ method: 'POST', url: '/', payload });
      expect(res.statusCode).toBe(404);
      expect(res.json().exc_type).toBe('DoesNotExistError');
    }
  });

  it('keeps the method’s verb rule: a GET-only method is refused as on /api/method', async () => {
    const s = fresh();
    const viaRoot = await s.request({ method: 'POST', url: '/', payload: { cmd: 'version' } });
    const viaMethod = await s.call('version', {}, 'POST');
    expect(viaRoot.statusCode).toBe(403);
    expect(answer(viaRoot)).toEqual(answer(viaMethod));
  });

  it('runs in the caller’s session and needs its CSRF token, like /api/method', async () => {
    const s = new Session(server.app, '10.9.1.1');
    expect((await s.login(member.name, member.pwd)).statusCode).toBe(200);
    const forged = await s.request({ method: 'POST', url: '/', payload: { cmd: 'logout' }, csrf: false });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().exc_type).toBe('CSRFTokenError');
    expect((await s.call('frappe.auth.get_logged_user', {}, 'GET')).json().message).toBe(member.name);

    const out = await s.request({ method: 'POST', url: '/', payload: { cmd: 'logout' } });
    expect(out.statusCode).toBe(200);
    expect((await s.call('frappe.auth.get_logged_user', {}, 'GET')).statusCode).toBe(403);
  });
});

describe('frappe-js-sdk forgetPassword', () => {
  it('succeeds against our server for an existing and an unknown e-mail alike', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const auth = new FrappeApp(url).auth();
    await expect(auth.forgetPassword((await account()).name)).resolves.toBeUndefined();
    await expect(auth.forgetPassword('nobody-else@example.com')).resolves.toBeUndefined();
  });
});

const UPDATE = 'frappe.core.doctype.user.user.update_password';

/** The key in the last mail the development outbox holds for this address. */
async function mailedKey(to: string): Promise<string> {
  const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  const link = mail?.body.match(/https?:\/\/\S+\/update-password\?key=(\S+)/);
  expect(link, mail?.body).toBeTruthy();
  return decodeURIComponent(link![1]!);
}
const mailsTo = async (to: string) => (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;

describe('reset by the mailed link', () => {
  it('mails a single-use link; the new password works, the old one and every open session stop', async () => {
    const staff = await account();
    const signedIn = new Session(server.app, '10.9.2.1');
    expect((await signedIn.login(staff.name, staff.pwd)).statusCode).toBe(200);

    expect((await fresh().call(RESET, { user: staff.name.toUpperCase() })).statusCode).toBe(200);
    const key = await mailedKey(staff.name);

    const short = await fresh().call(UPDATE, { key, new_password: 'short' });
    expect(short.statusCode).toBe(417);
    expect(serverMessage(short.json())).toBe('Password must be at least 10 characters');
    expect(short.json().error_code).toBe('password_too_short');

    const done = await fresh().call(UPDATE, { key, new_password: 'a-new-password-1' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe('/staff-login');

    expect((await fresh().login(staff.name, staff.pwd)).statusCode).toBe(401);
    expect((await fresh().login(staff.name, 'a-new-password-1')).statusCode).toBe(200);
    expect((await signedIn.call('frappe.auth.get_logged_user', {}, 'GET')).statusCode).toBe(403);

    const again = await fresh().call(UPDATE, { key, new_password: 'another-password-2' });
    expect(again.statusCode).toBe(417);
    expect(serverMessage(again.json())).toBe('The reset password link has either been used before or is invalid');
    expect(again.json().error_code).toBe('reset_key_invalid');
  });

  it('uses the link exactly once even when it is submitted twice at the same moment', async () => {
    const staff = await account();
    await fresh().call(RESET, { user: staff.name });
    const key = await mailedKey(staff.name);
    const results = await Promise.all(['first-password-1', 'second-password-2'].map((p) => fresh().call(UPDATE, { key, new_password: p })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 417]);
  });

  it('refuses an expired link, a replaced link and a made-up one', async () => {
    const staff = await account();
    await fresh().call(RESET, { user: staff.name });
    const first = await mailedKey(staff.name);
    await fresh().call(RESET, { user: staff.name });
    const second = await mailedKey(staff.name);
    expect(second).not.toBe(first);
    for (const key of [first, 'made-up-key']) {
      const res = await fresh().call(UPDATE, { key, new_password: 'a-new-password-1' });
      expect(res.statusCode).toBe(417);
      expect(serverMessage(res.json())).toBe('The reset password link has either been used before or is invalid');
    }
    await server.database.db.update(passwordResets).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(passwordResets.user, staff.name));
    expect((await fresh().call(UPDATE, { key: second, new_password: 'a-new-password-1' })).statusCode).toBe(417);
    expect((await fresh().login(staff.name, staff.pwd)).statusCode).toBe(200);
  });

  it('links to the configured public address whatever Host the request names', async () => {
    const staff = await account();
    const res = await server.app.inject({ method: 'POST', url: `/api/method/${RESET}`, payload: { user: staff.name }, remoteAddress: '10.9.3.1', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, staff.name));
    expect(mail!.body).toContain(`${server.config.publicUrl}/update-password?key=`);
    expect(mail!.body).not.toContain('evil.example');
  });

  it('mails nothing to an account without a password (members sign in with LINE), with the same answer', async () => {
    const lineMember = await account(['Member']);
    await server.database.db.update(users).set({ password_hash: null }).where(eq(users.name, lineMember.name));
    const res = await fresh().call(RESET, { user: lineMember.name });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password reset instructions have been sent to your email');
    expect(await mailsTo(lineMember.name)).toBe(0);
  });

  it('limits requests per account from any address: 3 an hour, for unknown addresses too', async () => {
    const staff = await account();
    for (const who of [staff.name, 'limit-nobody@example.com']) {
      for (let i = 0; i < 3; i++) expect((await fresh().call(RESET, { user: who })).statusCode).toBe(200);
      const fourth = await fresh().call(RESET, { user: who });
      expect(fourth.statusCode).toBe(429);
    }
    expect(await mailsTo(staff.name)).toBe(3);
  });
});

describe('reset without a mail service', () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await createTestServer({ production: true });
  });
  afterAll(() => production.close());

  it('is refused alike for every address in production when no mail gateway is configured', async () => {
    const staff = await createMember(production, { roles: ['Store Staff'] });
    const known = await new Session(production.app, '10.9.4.1').call(RESET, { user: staff.name });
    const unknown = await new Session(production.app, '10.9.4.2').call(RESET, { user: 'nobody@example.com' });
    expect(known.statusCode).toBe(500);
    expect(serverMessage(known.json())).toBe('There was an error sending password reset email.');
    expect(answer(unknown)).toEqual(answer(known));
  });
});
