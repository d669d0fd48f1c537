import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestServer, type TestServer } from '../support/server';
import { parseTrustProxy, readConfig } from '../../server/config';
import { defineMethod, noArgs } from '../../server/frappe/methods';
import type { ServerModule } from '../../server/frappe/module';

const RESET = '/api/method/frappe.core.doctype.user.user.reset_password';

/** What the server takes as the client: the address every per-IP limit counts, and the scheme cookies follow. */
const whoami: ServerModule = {
  name: 'test-whoami',
  methods: [
    defineMethod({
      path: 'test.whoami',
      verbs: ['GET'],
      allow: ['Guest'],
      args: noArgs,
      returns: v.object({ ip: v.string(), protocol: v.string() }),
      handler: (ctx) => ({ ip: ctx.request.ip, protocol: ctx.request.protocol }),
    }),
  ],
};

const whoamiFrom = async (server: TestServer, remoteAddress: string, headers: Record<string, string> = {}) =>
  (await server.app.inject({ method: 'GET', url: '/api/method/test.whoami', remoteAddress, headers })).json().message as { ip: string; protocol: string };

/** Password-reset requests (a guest write limited per IP) from one peer until the limit answers 429. */
async function resetsUntilLimited(server: TestServer, remoteAddress: string, forwardedFor: (i: number) => string, max = 40) {
  for (let i = 1; i <= max; i++) {
    const res = await server.app.inject({ method: 'POST', url: RESET, payload: { user: `nobody${i}@example.com` }, remoteAddress, headers: { 'x-forwarded-for': forwardedFor(i) } });
    if (res.statusCode === 429) return i;
    expect(res.statusCode).toBe(200);
  }
  return null;
}

describe('TRUST_PROXY parsing', () => {
  it('is off unless set', () => {
    expect(readConfig({} as NodeJS.ProcessEnv).trustProxy).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
  });

  it('accepts true, or addresses and CIDR ranges', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
  });

  it('refuses anything else with a clear message', () => {
    expect(() => parseTrustProxy('yes')).toThrow(/TRUST_PROXY: "yes"/);
    expect(() => parseTrustProxy('10.0.0.0/8/1')).toThrow(/TRUST_PROXY/);
  });

  it('refuses a hop count, which Fastify 5 would silently ignore', () => {
    expect(() => parseTrustProxy('1')).toThrow(/hop count .*list the proxy's addresses/);
  });
});

describe('without TRUST_PROXY (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({}, [whoami]);
  });
  afterAll(() => server.close());

  it('ignores a forged X-Forwarded-For and X-Forwarded-Proto', async () => {
    expect(await whoamiFrom(server, '10.30.0.1', { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' })).toEqual({ ip: '10.30.0.1', protocol: 'http' });
  });

  it('counts per-IP limits on the peer address, whatever X-Forwarded-For says', async () => {
    const tripped = await resetsUntilLimited(server, '10.30.0.2', (i) => `198.51.100.${i}`);
    expect(tripped).not.toBeNull();
  });

  it('does not mark cookies Secure because of a client-sent X-Forwarded-Proto', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/method/login', payload: ADMIN, remoteAddress: '10.30.0.3', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBeFalsy();
  });
});

describe('with TRUST_PROXY=127.0.0.1 (nginx on the same host)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ trustProxy: parseTrustProxy('127.0.0.1') }, [whoami]);
  });
  afterAll(() => server.close());

  it('takes the client address the proxy appended, not one the client wrote before it', async () => {
    expect((await whoamiFrom(server, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).ip).toBe('203.0.113.9');
    expect((await whoamiFrom(server, '127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' })).ip).toBe('203.0.113.9');
  });

  it('ignores the header from any other peer', async () => {
    expect(await whoamiFrom(server, '10.40.0.2', { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' })).toEqual({ ip: '10.40.0.2', protocol: 'http' });
  });

  it('counts per-IP limits on that client address', async () => {
    expect(await resetsUntilLimited(server, '127.0.0.1', (i) => `198.51.100.${i}`, 30)).toBeNull();
    expect(await resetsUntilLimited(server, '127.0.0.1', () => '203.0.113.50')).not.toBeNull();
  });

  it('lets the development outboxes be read by a client the proxy says is on this machine, and no one else', async () => {
    const outbox = (remoteAddress: string, forwardedFor: string) =>
      server.app.inject({ method: 'GET', url: '/api/method/member_rewards.dev.sms_outbox', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
    expect((await outbox('127.0.0.1', '127.20.0.7')).statusCode).toBe(200);
    expect((await outbox('127.0.0.1', '203.0.113.9')).statusCode).toBe(403);
    // A peer the server does not trust cannot claim to be local.
    expect((await outbox('10.40.0.2', '127.0.0.1')).statusCode).toBe(403);
  });

  it('marks cookies Secure when the proxy says the request came over HTTPS', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/method/login', payload: ADMIN, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.60' } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
  });
});
