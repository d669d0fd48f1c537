import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { FrappeApp } from 'frappe-js-sdk';
import { createMember, createTestServer, serverMessage, Session, type TestServer } from '../../support/server';

/**
 * Frappe's password reset request (frappe.core.doctype.user.user.reset_password), by /api/method and by Frappe's
 * older entry point `POST /` with `cmd`, which the official frappe-js-sdk's forgetPassword uses. The answer must
 * not tell whether an account exists, and the request is rate-limited per address.
 */
const RESET = 'frappe.core.doctype.user.user.reset_password';

let server: TestServer;
let member: Awaited<ReturnType<typeof createMember>>;
let ipSeq = 0;
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
    const known = await s.call(RESET, { user: member.name });
    const unknown = await s.call(RESET, { user: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.json().message).toMatch(/sent/i);
    expect(answer(unknown)).toEqual(answer(known));
  });

  it('POST / with cmd (JSON or form body) answers exactly as /api/method does', async () => {
    const s = fresh();
    const viaMethod = await s.call(RESET, { user: member.name });
    const viaRootJson = await s.request({ method: 'POST', url: '/', payload: { cmd: RESET, user: member.name } });
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
    for (let i = 0; i < 10; i++) {
      const res = i % 2
        ? await s.request({ method: 'POST', url: '/', payload: { cmd: RESET, user: member.name } })
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
    expect((await fresh().call(RESET, { user: member.name })).statusCode).toBe(200);
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
    await expect(auth.forgetPassword(member.name)).resolves.toBeUndefined();
    await expect(auth.forgetPassword('nobody-here@example.com')).resolves.toBeUndefined();
  });
});
