import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, Session, type TestServer } from '../../support/server';
import { signInWithLine, startLine } from './helpers';
import { DEV_CHANNEL_ID, DEV_ISSUER, devIdToken } from '../../../server/modules/account/line';
import { devSubFor } from '../../../server/modules/account/dev-line';
import { DEMO_MEMBER } from '../../../server/seed/constants';

const CONFIG = 'member_rewards.account.liff_config';
const LIFF_LOGIN = 'member_rewards.account.liff_login';

vi.setConfig({ testTimeout: 30_000 });

/** "The LINE app" of the development stand-in: approve an account, then ask for its id_token as LIFF would. */
async function devLiffToken(s: Session, who: 'demo' | { name: string }) {
  const query: Record<string, string> = who === 'demo' ? { who: 'demo', redirect_uri: '/liff/reward-history' } : { who: 'typed', display_name: who.name };
  const approved = await s.request({ method: 'GET', url: '/api/dev/liff/authorize/approve', query });
  expect(approved.statusCode).toBe(302);
  expect(approved.headers.location).toBe(who === 'demo' ? '/liff/reward-history' : '/liff');
  const res = await s.request({ method: 'GET', url: '/api/dev/liff/id_token' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id_token as string;
}

describe('sign-in inside LINE (LIFF) with the development stand-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ seedDemo: true });
  });
  afterAll(() => server?.close());

  it('tells the app to use the stand-in, whose consent page offers the demo member', async () => {
    const guest = new Session(server.app);
    expect((await guest.call(CONFIG, {}, 'GET')).json().message).toEqual({ mode: 'dev', liff_id: null });
    const page = await guest.request({ method: 'GET', url: '/api/dev/liff/authorize', query: { redirect_uri: '/liff/my-id' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="redirect_uri" value="/liff/my-id"');
    // Only back into /liff: another address falls back to it.
    const away = await guest.request({ method: 'GET', url: '/api/dev/liff/authorize/approve', query: { who: 'demo', redirect_uri: 'https://evil.example/' } });
    expect(away.headers.location).toBe('/liff');
    // Nobody "signed in to LINE" in this browser yet: no token.
    expect((await new Session(server.app).request({ method: 'GET', url: '/api/dev/liff/id_token' })).json()).toEqual({ id_token: null });
  });

  it('the id_token signs the member in with a cookie session: the same member LINE Login finds (same sub)', async () => {
    const viaLogin = await signInWithLine(server, 'demo');
    const s = new Session(server.app);
    const res = await s.call(LIFF_LOGIN, { id_token: await devLiffToken(s, 'demo') });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().message;
    expect(answer).toMatchObject({ user: viaLogin.user, phone_verified: true });
    expect(s.cookies.sid).toBeTruthy();
    s.csrf = answer.csrf_token;
    const boot = (await s.call('member_rewards.api.boot', {}, 'GET')).json().message;
    expect(boot).toMatchObject({ user: viaLogin.user, roles: ['Member'] });
    const profile = (await s.call('headless_e_commerce.api.get_profile', {}, 'GET')).json().message;
    expect(profile.user).toBe(viaLogin.user);
  });

  it('a new LINE account becomes a new member; opening the LIFF app again keeps the session', async () => {
    const s = new Session(server.app);
    const token = await devLiffToken(s, { name: 'สมหญิง ใน LINE' });
    const first = await s.call(LIFF_LOGIN, { id_token: token });
    expect(first.statusCode, first.body).toBe(200);
    const sid = s.cookies.sid;
    s.csrf = first.json().message.csrf_token;
    expect(first.json().message).toMatchObject({ full_name: 'สมหญิง ใน LINE', phone_verified: false });
    const again = await s.call(LIFF_LOGIN, { id_token: await devLiffToken(s, { name: 'สมหญิง ใน LINE' }) });
    expect(again.statusCode).toBe(200);
    expect(s.cookies.sid).toBe(sid);
    expect(again.json().message.csrf_token).toBe(first.json().message.csrf_token);
    // The same display name through LINE Login is the same development LINE account, hence the same member.
    const viaLogin = await signInWithLine(server, { name: 'สมหญิง ใน LINE' });
    expect(viaLogin.user).toBe(first.json().message.user);
    expect(devSubFor('สมหญิง ใน LINE')).toMatch(/^U[0-9a-f]{32}$/);
  });

  it('refuses forged, expired, foreign and malformed tokens without signing anyone in', async () => {
    const wrongKey = await new SignJWT({ name: 'Mallory' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(DEV_ISSUER)
      .setSubject(DEMO_MEMBER.lineSub)
      .setAudience(DEV_CHANNEL_ID)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-channel-secret-at-all-000'));
    const { privateKey } = await generateKeyPair('ES256');
    const es256 = await new SignJWT({}).setProtectedHeader({ alg: 'ES256' }).setIssuer(DEV_ISSUER).setSubject(DEMO_MEMBER.lineSub).setAudience(DEV_CHANNEL_ID).setExpirationTime('1h').sign(privateKey);
    const valid = await devIdToken(server.database.db, { sub: DEMO_MEMBER.lineSub, name: 'x' });
    const [h, p, sig] = valid.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'Uattacker' })).toString('base64url')}.${sig}`;
    const otherAudience = `${h}.${Buffer.from(JSON.stringify({ ...claims, aud: 'another-channel' })).toString('base64url')}.${sig}`;
    const expired = await (async () => {
      vi.useFakeTimers({ now: Date.now() - 2 * 3600_000, toFake: ['Date'] });
      try {
        return await devIdToken(server.database.db, { sub: DEMO_MEMBER.lineSub, name: 'x' });
      } finally {
        vi.useRealTimers();
      }
    })();
    for (const id_token of [wrongKey, es256, tampered, otherAudience, expired, 'not.a.jwt']) {
      const s = new Session(server.app);
      const res = await s.call(LIFF_LOGIN, { id_token });
      expect(res.statusCode, id_token).toBe(401);
      expect(res.json().error_code).toBe('liff_login_failed');
      expect(s.cookies.sid).toBeUndefined();
    }
    const empty = await new Session(server.app).call(LIFF_LOGIN, {});
    expect(empty.statusCode).toBe(417);
  });

  it('LINE Login offers friendship with the official account (bot_prompt)', async () => {
    const { parsed } = await startLine(new Session(server.app));
    expect(parsed.searchParams.get('bot_prompt')).toBe('aggressive');
  });
});

describe('LIFF in production', () => {
  it('without LIFF_ID there is no LIFF sign-in and no stand-in', async () => {
    const server = await createTestServer({ production: true });
    try {
      const guest = new Session(server.app);
      const config = await guest.call(CONFIG, {}, 'GET');
      expect(config.statusCode).toBe(417);
      expect(config.json().error_code).toBe('liff_unavailable');
      expect((await guest.call(LIFF_LOGIN, { id_token: 'x.y.z' })).json().error_code).toBe('liff_unavailable');
      expect((await guest.request({ method: 'GET', url: '/api/dev/liff/authorize' })).statusCode).toBe(404);
      expect((await guest.request({ method: 'GET', url: '/api/dev/liff/id_token' })).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('with LIFF_ID the app is told to load LINE\'s SDK for that LIFF app', async () => {
    const server = await createTestServer({ production: true, line: { channelId: '1234567890', channelSecret: 's'.repeat(32) }, liffId: '1234567890-AbcdEfgh' });
    try {
      expect((await new Session(server.app).call(CONFIG, {}, 'GET')).json().message).toEqual({ mode: 'line', liff_id: '1234567890-AbcdEfgh' });
    } finally {
      await server.close();
    }
  });
});
