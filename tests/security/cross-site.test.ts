import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createMember, createTestServer, Session, type TestServer } from '../support/server';
import { smsOutbox } from '../../server/db/schema/auth';
import { newPhone } from '../server/account/helpers';

/**
 * Cross-site requests (class 3 of the hardening issue): another site's page can neither sign a browser in (login
 * CSRF), nor make a signed-in member send an SMS or sign out through a state-changing GET; an Idempotency-Key
 * belongs to the signed-in caller, never to an IP address shared by several people.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 120_000);
afterAll(() => server.close());

const EVIL = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
/** What a browser sends with a form posted from one of our own pages (inject's Host is localhost:80). */
const OWN = { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('login CSRF', () => {
  it('a form posted to / with cmd=login from another site signs nobody in', async () => {
    const m = await createMember(server);
    for (const headers of [EVIL, { origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }]) {
      const res = await new Session(server.app).request({
        method: 'POST',
        url: '/',
        payload: form({ cmd: 'login', usr: m.name, pwd: m.pwd }),
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().exc_type).toBe('CSRFTokenError');
      expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/sid=[^;]/);
    }
  });

  it('the same form from our own page, and an API client with no browser headers, still sign in', async () => {
    const m = await createMember(server);
    for (const headers of [OWN, {}]) {
      const s = new Session(server.app);
      const res = await s.request({ method: 'POST', url: '/', payload: form({ cmd: 'login', usr: m.name, pwd: m.pwd }), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await s.call('frappe.auth.get_logged_user', {}, 'GET')).json().message).toBe(m.name);
    }
  });

  it('login, token login and the marketing sign-up refuse another site’s page too', async () => {
    const m = await createMember(server);
    for (const [method, args] of [
      ['login', { usr: m.name, pwd: m.pwd }],
      ['frappeauth_app.authentication.login', { usr: m.name, pwd: m.pwd }],
      ['member_rewards.marketing.sign_up', { username: 'forged', email: 'forged@example.com', password: 'long-enough-1' }],
    ] as const) {
      const res = await new Session(server.app).call(method, args, 'POST', EVIL);
      expect(res.statusCode, method).toBe(403);
    }
  });
});

describe('GETs that change something', () => {
  it('getphone with a cookie session from another site’s link sends no SMS; from our page or with the token it does', async () => {
    const m = await createMember(server, { phone: null });
    const phone = newPhone();
    const sent = () => server.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    const call = (headers: Record<string, string>, csrf: boolean) =>
      m.session.request({ method: 'GET', url: '/api/method/honda_api.api_calls.verifyuser.getphone', query: { userphone: phone }, headers, csrf });

    for (const headers of [EVIL, { 'sec-fetch-site': 'none' }, {}] as Record<string, string>[]) {
      const res = await call(headers, false);
      expect(res.statusCode, JSON.stringify(headers)).toBe(400);
      expect(res.json().exc_type).toBe('CSRFTokenError');
    }
    expect(await sent()).toHaveLength(0);
    expect((await call({ 'sec-fetch-site': 'same-origin' }, false)).statusCode).toBe(200);
    expect(await sent()).toHaveLength(1);
  });

  it('logout by a cross-site link leaves the member signed in; with the token it signs out', async () => {
    const m = await createMember(server);
    const forged = await m.session.request({ method: 'GET', url: '/api/method/logout', headers: EVIL, csrf: false });
    expect(forged.statusCode).toBe(400);
    expect((await m.session.call('frappe.auth.get_logged_user', {}, 'GET')).json().message).toBe(m.name);
    expect((await m.session.request({ method: 'GET', url: '/api/method/logout' })).statusCode).toBe(200);
    expect((await m.session.call('frappe.auth.get_logged_user', {}, 'GET')).statusCode).toBe(403);
  });
});

describe('Idempotency-Key', () => {
  it('through POST / belongs to the signed-in user: a second member behind the same address gets their own answer', async () => {
    const a = await createMember(server);
    const b = await createMember(server);
    const key = { 'idempotency-key': 'shared-key-1' };
    const register = (s: Session) => s.request({ method: 'POST', url: '/', payload: { cmd: 'member_rewards.member_code.register_device' }, headers: key });
    const first = await register(a.session);
    expect(first.statusCode, first.body).toBe(200);
    const second = await register(b.session);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().message.secret).not.toBe(first.json().message.secret);
    // The first member's own retry is the replay.
    const again = await register(a.session);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().message.secret).toBe(first.json().message.secret);
  });

  it('two guests behind one address never share an answer', async () => {
    const headers = { 'idempotency-key': 'guest-key-1' };
    const one = await new Session(server.app).call('ping', {}, 'POST', headers);
    const two = await new Session(server.app).call('ping', {}, 'POST', headers);
    expect(one.statusCode).toBe(200);
    expect(two.headers['idempotent-replayed']).toBeUndefined();
  });
});
