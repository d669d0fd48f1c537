import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { createTestServer, Session, type TestServer } from '../../support/server';
import { users } from '../../../server/db/schema/auth';
import { customers } from '../../../server/db/schema/customers';
import { DEMO_MEMBER } from '../../../server/seed/constants';
import { installationSecret } from '../../../server/modules/account/secrets';
import { DEV_CHANNEL_ID, DEV_ISSUER, storeDevCode } from '../../../server/modules/account/line';
import { approveOnDevPage, AUTHORIZE, CALLBACK, signInWithLine, startLine } from './helpers';
import { serverForFile, serverWithMembers } from '../../support/file-server';

let server: TestServer;
serverForFile(serverWithMembers, (started) => (server = started.server));

async function devToken(claims: Record<string, unknown>, opts: { secret?: string; exp?: string | number; aud?: string; iss?: string } = {}) {
  const secret = opts.secret ?? (await installationSecret(server.database.db, 'account.dev_line_channel_secret'));
  return new SignJWT({ name: 'Forger', ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(opts.iss ?? DEV_ISSUER)
    .setSubject('U0123456789abcdef0123456789abcdef')
    .setAudience(opts.aud ?? DEV_CHANNEL_ID)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '1h')
    .sign(new TextEncoder().encode(secret));
}

/** Runs the callback with a code whose id_token the test made itself (as a hostile token endpoint could). */
async function callbackWithToken(makeToken: (nonce: string) => Promise<string>) {
  const s = new Session(server.app);
  const { state, nonce } = await startLine(s);
  const code = `test-code-${Math.random()}`;
  await storeDevCode(server.database.db, code, await makeToken(nonce));
  const res = await s.request({ method: 'GET', url: CALLBACK, query: { code, state } });
  return { res, s };
}

function expectRefused(res: { statusCode: number; headers: Record<string, unknown> }, s: Session) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/login?error=line');
  expect(s.cookies.sid).toBeUndefined();
}

describe('authorize address', () => {
  it('is LINE Login v2.1 shaped with scope openid profile and a state and nonce bound to the browser', async () => {
    const s = new Session(server.app);
    const { parsed, state, nonce } = await startLine(s);
    expect(parsed.pathname).toBe('/api/dev/line/authorize');
    expect(parsed.searchParams.get('response_type')).toBe('code');
    expect(parsed.searchParams.get('scope')).toBe('openid profile');
    expect(parsed.searchParams.get('client_id')).toBe(DEV_CHANNEL_ID);
    expect(parsed.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(state.length).toBeGreaterThanOrEqual(24);
    expect(nonce.length).toBeGreaterThanOrEqual(24);
    expect(s.cookies.line_login).toBeDefined();
    const again = await startLine(new Session(server.app));
    expect(again.state).not.toBe(state);
  });

  it('points at access.line.me with an absolute callback when a LINE channel is configured', async () => {
    const real = await createTestServer({ line: { channelId: '1650000000', channelSecret: 'line-secret' }, publicUrl: 'https://rewards.example' });
    try {
      const { parsed } = await startLine(new Session(real.app));
      expect(parsed.origin + parsed.pathname).toBe('https://access.line.me/oauth2/v2.1/authorize');
      expect(parsed.searchParams.get('client_id')).toBe('1650000000');
      expect(parsed.searchParams.get('redirect_uri')).toBe(`https://rewards.example${CALLBACK}`);
      const page = await real.app.inject({ method: 'GET', url: '/api/dev/line/authorize' });
      expect(page.statusCode).toBe(404);
    } finally {
      await real.close();
    }
  }, 60_000);

  it('in production without LINE: no authorize address and no development page', async () => {
    const prod = await createTestServer({ production: true });
    try {
      const s = new Session(prod.app);
      const res = await s.call('honda_api.api_calls.linetoken.get_oauth2_authorize_url', {}, 'GET');
      expect(res.statusCode).toBe(417);
      const page = await prod.app.inject({ method: 'GET', url: '/api/dev/line/authorize', query: { state: 'x', nonce: 'y' } });
      expect(page.statusCode).toBe(404);
      const approve = await prod.app.inject({ method: 'GET', url: '/api/dev/line/authorize/approve', query: { state: 'x', nonce: 'y', who: 'typed', display_name: 'Eve' } });
      expect(approve.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  }, 60_000);
});

describe('sign-in through the development LINE page', () => {
  it('creates a new member with their own Customer, starts a session and sends them to phone verification', async () => {
    const { s, location, user } = await signInWithLine(server, { name: 'นภา ทดสอบ' });
    expect(location).toBe('/phonverify');
    expect(user).not.toBe('Guest');
    const [row] = await server.database.db.select().from(users).where(eq(users.name, user));
    expect(row!.roles).toEqual(['Member']);
    expect(row!.full_name).toBe('นภา ทดสอบ');
    expect(row!.phone_verified).toBe(false);
    const [cust] = await server.database.db.select().from(customers).where(eq(customers.user, user));
    expect(cust!.name).toMatch(/^CUST-\d{5}$/);
    expect(cust!.name).not.toBe(DEMO_MEMBER.customer);
    const profile = await s.call('headless_e_commerce.api.get_profile', {}, 'GET');
    expect(profile.json().message.name).toBe(cust!.name);
  });

  it('numbers customers CUST-00002, CUST-00003 after the demo CUST-00001', async () => {
    const a = await signInWithLine(server, { name: 'Numbering A' });
    const b = await signInWithLine(server, { name: 'Numbering B' });
    const [ca] = await server.database.db.select().from(customers).where(eq(customers.user, a.user));
    const [cb] = await server.database.db.select().from(customers).where(eq(customers.user, b.user));
    expect(Number(cb!.name.slice(5))).toBe(Number(ca!.name.slice(5)) + 1);
  });

  it('finds the same member again by LINE user id, and never maps two LINE users to one account', async () => {
    const first = await signInWithLine(server, { name: 'Somchai Again' });
    const second = await signInWithLine(server, { name: 'Somchai Again' });
    const other = await signInWithLine(server, { name: 'Somsri Other' });
    expect(second.user).toBe(first.user);
    expect(other.user).not.toBe(first.user);
    const rows = await server.database.db.select().from(customers).where(eq(customers.user, first.user));
    expect(rows).toHaveLength(1);
  });

  it('signs the demo member in and sends them home, since their phone is verified', async () => {
    const { location, user } = await signInWithLine(server, 'demo');
    expect(location).toBe('/');
    expect(user).toBe(DEMO_MEMBER.user);
  });

  it('comes back to /signup when the sign-in started there', async () => {
    const s = new Session(server.app);
    const { state, nonce } = await startLine(s, { redirect_to: '/signup' });
    const callback = await approveOnDevPage(s, state, nonce, { name: 'From Signup' });
    const res = await s.request({ method: 'GET', url: callback });
    expect(res.headers.location).toBe('/signup');
  });

  it('lands on the page asked for before signing in, after phone verification when that is still to do', async () => {
    const demo = new Session(server.app);
    const started = await startLine(demo, { next: '/my-order?tab=used' });
    let res = await demo.request({ method: 'GET', url: await approveOnDevPage(demo, started.state, started.nonce, 'demo') });
    expect(res.headers.location).toBe('/my-order?tab=used');

    const fresh = new Session(server.app);
    const again = await startLine(fresh, { next: '/my-order' });
    res = await fresh.request({ method: 'GET', url: await approveOnDevPage(fresh, again.state, again.nonce, { name: 'Returning Later' }) });
    expect(res.headers.location).toBe('/phonverify?next=%2Fmy-order');
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', '/ok//evil', 'my-order', '/a b', '/javascript:alert(1)', `/${'x'.repeat(600)}`])(
    'refuses to return anywhere but a page of this app (%s)',
    async (next) => {
      const res = await new Session(server.app).call(AUTHORIZE, { next }, 'GET');
      expect(res.statusCode).toBe(417);
    },
  );

  it('puts no credential in any address: the callback redirect carries none and the session is an HttpOnly cookie', async () => {
    const s = new Session(server.app);
    const { state, nonce } = await startLine(s);
    const callback = await approveOnDevPage(s, state, nonce, { name: 'No Token In Url' });
    const res = await s.request({ method: 'GET', url: callback });
    expect(res.headers.location).toBe('/phonverify');
    const sid = (res.cookies as { name: string; httpOnly?: boolean; value: string }[]).find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    expect(String(res.headers.location)).not.toContain(sid!.value);
  });

  it('the development page shows the demo member and a display-name field', async () => {
    const s = new Session(server.app);
    const { url } = await startLine(s);
    const page = await s.request({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="display_name"');
    expect(page.body).toContain(`${DEMO_MEMBER.firstName} ${DEMO_MEMBER.lastName}`);
  });

  it('logout ends a LINE session: the old cookie no longer works', async () => {
    const { s } = await signInWithLine(server, { name: 'Logging Out' });
    const oldCookie = s.cookieHeader;
    const out = await s.request({ method: 'POST', url: '/api/method/logout' });
    expect(out.statusCode).toBe(200);
    const replay = await server.app.inject({ method: 'GET', url: '/api/method/headless_e_commerce.api.get_profile', headers: { cookie: oldCookie } });
    expect(replay.statusCode).toBe(403);
    const boot = await server.app.inject({ method: 'GET', url: '/api/method/member_rewards.api.boot', headers: { cookie: oldCookie } });
    expect(boot.json().message.user).toBe('Guest');
  });
});

describe('the callback refuses', () => {
  it('a forged id_token (signed with another secret)', async () => {
    const { res, s } = await callbackWithToken((nonce) => devToken({ nonce }, { secret: 'not-the-installation-secret' }));
    expectRefused(res, s);
  });

  it('an expired id_token', async () => {
    const { res, s } = await callbackWithToken((nonce) => devToken({ nonce }, { exp: Math.floor(Date.now() / 1000) - 120 }));
    expectRefused(res, s);
  });

  it('an id_token for another channel (wrong audience)', async () => {
    const { res, s } = await callbackWithToken((nonce) => devToken({ nonce }, { aud: 'some-other-channel' }));
    expectRefused(res, s);
  });

  it('an id_token from another issuer', async () => {
    const { res, s } = await callbackWithToken((nonce) => devToken({ nonce }, { iss: 'https://evil.example' }));
    expectRefused(res, s);
  });

  it('an id_token with the wrong nonce (replayed from another sign-in)', async () => {
    const { res, s } = await callbackWithToken(() => devToken({ nonce: 'some-other-nonce' }));
    expectRefused(res, s);
  });

  it('an unsigned id_token (alg none)', async () => {
    const { res, s } = await callbackWithToken(async (nonce) => {
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      return `${enc({ alg: 'none' })}.${enc({ iss: DEV_ISSUER, aud: DEV_CHANNEL_ID, sub: 'U1', nonce, exp: now + 600, iat: now })}.`;
    });
    expectRefused(res, s);
  });

  it('a valid token reaches the member only with matching signature, audience, expiry and nonce', async () => {
    const { res, s } = await callbackWithToken((nonce) => devToken({ nonce, name: 'Correctly Signed' }));
    expect(res.headers.location).toBe('/phonverify');
    expect(s.cookies.sid).toBeDefined();
  });

  it('a state that does not match the browser (login CSRF)', async () => {
    const victim = new Session(server.app);
    await startLine(victim);
    const attacker = new Session(server.app);
    const { state, nonce } = await startLine(attacker);
    const callback = await approveOnDevPage(attacker, state, nonce, { name: 'Attacker' });
    // The attacker's callback address opened in the victim's browser: the victim's cookie holds another state.
    const res = await victim.request({ method: 'GET', url: callback });
    expectRefused(res, victim);
  });

  it('a callback with no pending sign-in cookie', async () => {
    const s = new Session(server.app);
    const { state, nonce } = await startLine(s);
    const callback = await approveOnDevPage(s, state, nonce, { name: 'Cookie Lost' });
    delete s.cookies.line_login;
    expectRefused(await s.request({ method: 'GET', url: callback }), s);
  });

  it('a tampered state cookie', async () => {
    const s = new Session(server.app);
    const { state, nonce } = await startLine(s);
    const callback = await approveOnDevPage(s, state, nonce, { name: 'Cookie Tampered' });
    const [payload] = s.cookies.line_login!.split('.');
    s.cookies.line_login = `${payload}.AAAA`;
    expectRefused(await s.request({ method: 'GET', url: callback }), s);
  });

  it('a code used twice', async () => {
    const s = new Session(server.app);
    const { state, nonce } = await startLine(s);
    const callback = await approveOnDevPage(s, state, nonce, { name: 'Code Twice' });
    expect((await s.request({ method: 'GET', url: callback })).headers.location).toBe('/phonverify');
    const s2 = new Session(server.app);
    const second = await startLine(s2);
    const code = new URL(callback, 'http://x').searchParams.get('code')!;
    const res = await s2.request({ method: 'GET', url: CALLBACK, query: { code, state: second.state } });
    expectRefused(res, s2);
  });

  it('two sign-ins started in one browser (two tabs) both stay valid, each once', async () => {
    const s = new Session(server.app);
    const first = await startLine(s);
    const second = await startLine(s);
    const cbFirst = await approveOnDevPage(s, first.state, first.nonce, { name: 'Two Tabs' });
    const cbSecond = await approveOnDevPage(s, second.state, second.nonce, { name: 'Two Tabs' });
    expect((await s.request({ method: 'GET', url: cbFirst })).headers.location).toBe('/phonverify');
    expect((await s.request({ method: 'GET', url: cbSecond })).headers.location).toBe('/phonverify');
    // Replaying the first tab's callback: its state was used up.
    const again = await startLine(s);
    const replay = new URL(cbFirst, 'http://x');
    const code = await approveOnDevPage(s, again.state, again.nonce, { name: 'Two Tabs' });
    const res = await s.request({ method: 'GET', url: CALLBACK, query: { code: new URL(code, 'http://x').searchParams.get('code')!, state: replay.searchParams.get('state')! } });
    expect(res.headers.location).toBe('/login?error=line');
  });

  it('a cancelled sign-in goes back to /login without a session', async () => {
    const s = new Session(server.app);
    const { state } = await startLine(s);
    const res = await s.request({ method: 'GET', url: CALLBACK, query: { error: 'access_denied', state } });
    expect(res.headers.location).toBe('/login');
    expect(s.cookies.sid).toBeUndefined();
  });
});

describe('real LINE adapter (LINE endpoints stubbed)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('exchanges the code at LINE and verifies the HS256 id_token with the channel secret and channel id', async () => {
    const real = await createTestServer({ line: { channelId: '1650000000', channelSecret: 'line-channel-secret' }, publicUrl: 'https://rewards.example' });
    try {
      const sign = (nonce: string, aud: string) =>
        new SignJWT({ name: 'LINE Person', nonce, picture: 'https://profile.line-scdn.net/abc' })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer('https://access.line.me')
          .setSubject('Uaaaabbbbccccddddeeeeffff00001111')
          .setAudience(aud)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('line-channel-secret'));
      let audience = '1650000000';
      const calls: { url: string; body: string }[] = [];
      const realFetch = globalThis.fetch;
      vi.stubGlobal('fetch', async (url: string | URL, init?: RequestInit) => {
        if (String(url) !== 'https://api.line.me/oauth2/v2.1/token') return realFetch(url, init);
        const body = String(init?.body);
        calls.push({ url: String(url), body });
        const nonce = pending.nonce;
        return new Response(JSON.stringify({ access_token: 'at', id_token: await sign(nonce, audience) }), { status: 200 });
      });
      let s = new Session(real.app);
      let pending = await startLine(s);
      const ok = await s.request({ method: 'GET', url: CALLBACK, query: { code: 'line-code-1', state: pending.state } });
      expect(ok.headers.location).toBe('/phonverify');
      expect(s.cookies.sid).toBeDefined();
      expect(calls[0]!.body).toContain('client_secret=line-channel-secret');
      expect(calls[0]!.body).toContain(`redirect_uri=${encodeURIComponent(`https://rewards.example${CALLBACK}`)}`);
      const [row] = await real.database.db.select().from(users).where(eq(users.line_sub, 'Uaaaabbbbccccddddeeeeffff00001111'));
      expect(row!.user_image).toBe('https://profile.line-scdn.net/abc');

      audience = '1659999999';
      s = new Session(real.app);
      pending = await startLine(s);
      const bad = await s.request({ method: 'GET', url: CALLBACK, query: { code: 'line-code-2', state: pending.state } });
      expect(bad.headers.location).toBe('/login?error=line');
      expect(s.cookies.sid).toBeUndefined();
    } finally {
      await real.close();
    }
  }, 60_000);
});
