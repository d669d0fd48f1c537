import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN, createMember, createTestServer, serverMessage, Session, type TestServer } from '../../support/server';
import { apiKeys, sessions } from '../../../server/db/schema/auth';
import { randomToken, sha256 } from '../../../server/frappe/crypto';
import { notesModule } from './notes-module';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({}, [notesModule]);
});
afterAll(() => server.close());

describe('login and sessions', () => {
  it('signs in with Frappe’s answer and sets an HttpOnly SameSite=Lax sid cookie', async () => {
    const s = new Session(server.app);
    const res = await s.login(ADMIN.usr, ADMIN.pwd);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Logged In', home_page: '/app', full_name: 'Administrator' });
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === 'user_id')?.value).toBe(ADMIN.usr);
    const who = await s.call('frappe.auth.get_logged_user', {}, 'GET');
    expect(who.json()).toEqual({ message: ADMIN.usr });
  });

  it('refuses wrong credentials with 401 and Frappe’s message', async () => {
    const res = await new Session(server.app, '10.9.0.1').login(ADMIN.usr, 'wrong');
    expect(res.statusCode).toBe(401);
    expect(res.json().exc_type).toBe('AuthenticationError');
    expect(res.json().message).toBe('Invalid login credentials');
  });

  it('refuses missing credentials with 417', async () => {
    const res = await new Session(server.app).request({ method: 'POST', url: '/api/method/login', payload: { usr: '' } });
    expect(res.statusCode).toBe(417);
    expect(serverMessage(res.json())).toBe('Incomplete login details');
  });

  it('rotates the sid at login (no fixation) and kills it at logout', async () => {
    const s = new Session(server.app);
    await s.login(ADMIN.usr, ADMIN.pwd);
    const first = s.cookies.sid!;
    await s.login(ADMIN.usr, ADMIN.pwd);
    const second = s.cookies.sid!;
    expect(second).not.toBe(first);
    const old = await server.app.inject({ method: 'GET', url: '/api/method/frappe.auth.get_logged_user', headers: { cookie: `sid=${first}` } });
    expect(old.statusCode).toBe(403);
    const out = await s.request({ method: 'POST', url: '/api/method/logout', payload: {} });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({});
    const replay = await server.app.inject({ method: 'GET', url: '/api/method/frappe.auth.get_logged_user', headers: { cookie: `sid=${second}` } });
    expect(replay.statusCode).toBe(403);
    const rows = await server.database.db.select().from(sessions).where(eq(sessions.sid_hash, sha256(second)));
    expect(rows).toHaveLength(0);
  });

  it('refuses an expired session', async () => {
    const s = new Session(server.app);
    await s.login(ADMIN.usr, ADMIN.pwd);
    await server.database.db.update(sessions).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(sessions.sid_hash, sha256(s.cookies.sid!)));
    const res = await s.call('frappe.auth.get_logged_user', {}, 'GET');
    expect(res.statusCode).toBe(403);
  });

  it('limits login attempts per account with 429', async () => {
    const m = await createMember(server);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await new Session(server.app, `10.1.0.${i}`).login(m.name, 'nope')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const right = await new Session(server.app, '10.1.1.1').login(m.name, m.pwd);
    expect(right.statusCode).toBe(429);
  });
});

describe('CSRF', () => {
  it('requires the session’s token on cookie writes and accepts it when sent', async () => {
    const m = await createMember(server);
    const payload = { address_line1: '1 Rama IV' };
    const without = await m.session.request({ method: 'POST', url: '/api/resource/Test Note', payload, csrf: false });
    expect(without.statusCode).toBe(400);
    expect(without.json().exc_type).toBe('CSRFTokenError');
    const wrong = await m.session.request({ method: 'POST', url: '/api/resource/Test Note', payload, csrf: false, headers: { 'x-frappe-csrf-token': 'forged' } });
    expect(wrong.statusCode).toBe(400);
    const right = await m.session.request({ method: 'POST', url: '/api/resource/Test Note', payload });
    expect(right.statusCode).toBe(200);
  });

  it('boot hands the token to the app', async () => {
    const m = await createMember(server);
    const boot = await m.session.call('member_rewards.api.boot', {}, 'GET');
    expect(boot.json().message).toMatchObject({ user: m.name, roles: ['Member'], csrf_token: m.session.csrf });
    const guest = await new Session(server.app).call('member_rewards.api.boot', {}, 'GET');
    expect(guest.json().message).toMatchObject({ user: 'Guest', csrf_token: null });
  });
});

describe('token auth', () => {
  it('accepts `token key:secret` and Basic, without CSRF, and refuses a wrong secret with 401', async () => {
    const m = await createMember(server);
    const key = randomToken(8);
    const secret = randomToken(16);
    await server.database.db.insert(apiKeys).values({ api_key: key, user: m.name, secret_hash: sha256(secret) });
    const token = await server.app.inject({ method: 'GET', url: '/api/method/frappe.auth.get_logged_user', headers: { authorization: `token ${key}:${secret}` } });
    expect(token.json()).toEqual({ message: m.name });
    const basic = await server.app.inject({
      method: 'POST', url: '/api/resource/Test Note', payload: { address_line1: 'via basic' },
      headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}` },
    });
    expect(basic.statusCode).toBe(200);
    const bad = await server.app.inject({ method: 'GET', url: '/api/method/frappe.auth.get_logged_user', headers: { authorization: `token ${key}:wrong` } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().exc_type).toBe('AuthenticationError');
    const malformed = await server.app.inject({ method: 'GET', url: '/api/method/ping', headers: { authorization: 'token' } });
    expect(malformed.statusCode).toBe(400);
  });
});
