import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { ADMIN, createMember, createTestServer, Session, type TestServer } from '../support/server';

/**
 * What the browser is told (class 4 of the hardening issue): every HTML answer carries the Content-Security-Policy
 * and frame protection, HSTS only over HTTPS, no-store on every signed-in API answer, and realtime events that
 * guests may hear never name the user who made the change.
 */
let dist: string;
let server: TestServer;
let proxied: TestServer;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mr-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  server = await createTestServer({ distDir: dist });
  proxied = await createTestServer({ distDir: dist, trustProxy: ['127.0.0.1'] });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server.close();
  await proxied.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const directives = (header: unknown) =>
  Object.fromEntries(String(header).split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));

describe('Content-Security-Policy and frame protection', () => {
  it('on the app, its screens, a page address the server cannot decode, and API answers', async () => {
    for (const url of ['/', '/login', '/staff', '/bakery', '/%E0%A4%A', '/api/method/ping']) {
      const res = await server.app.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['base-uri'], url).toEqual(["'self'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      // The camera scanner compiles WebAssembly; nothing else widens scripts.
      expect(csp['script-src'], url).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});

describe('Every security header on every kind of answer', () => {
  // Worked out once at start-up rather than by helmet per request: the whole set must stay exactly what helmet
  // gives for our options, on pages, answers, refusals and errors alike.
  const expected = {
    'content-security-policy':
      "default-src 'self';script-src 'self' 'wasm-unsafe-eval';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;font-src 'self' data:;connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  it('the same set on the app, an answer, a refusal, a missing method, a missing document and a sign-in', async () => {
    for (const [method, url, status] of [
      ['GET', '/', 200],
      ['GET', '/api/method/ping', 200],
      ['GET', '/api/method/headless_e_commerce.api.get_profile', 403],
      ['GET', '/api/method/no.such.method', 417],
      ['GET', '/api/resource/No Such Doctype', 404],
      ['POST', '/api/method/login', 417],
    ] as const) {
      const res = await server.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, url).toBe(status);
      const security = Object.fromEntries(Object.keys(expected).map((name) => [name, res.headers[name]]));
      expect(security, url).toEqual(expected);
      expect(res.headers['cross-origin-resource-policy'], url).toBeUndefined();
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});

describe('HSTS', () => {
  it('only when the request arrived over HTTPS through a trusted proxy', async () => {
    const https = await proxied.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '127.0.0.1' });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const plain = await proxied.app.inject({ method: 'GET', url: '/', remoteAddress: '127.0.0.1' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // A client cannot claim HTTPS itself when no proxy is trusted.
    const forged = await server.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Cache-Control on API answers', () => {
  it('no-store for everything a signed-in caller reads, and for the sign-in that sets the cookie', async () => {
    const m = await createMember(server);
    for (const [method, verb] of [
      ['headless_e_commerce.api.get_profile', 'GET'],
      ['member_rewards.api.boot', 'GET'],
      ['headless_e_commerce.api.get_addresses', 'GET'],
      ['headless_e_commerce.api.get_loyalty_points_details', 'GET'],
      ['member_rewards.member_code.register_device', 'POST'],
    ] as const) {
      const res = await m.session.call(method, {}, verb);
      expect(res.statusCode, method).toBeLessThan(400);
      expect(res.headers['cache-control'], method).toBe('no-store');
    }
    const login = await new Session(server.app).login(m.name, m.pwd);
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await m.session.request({ method: 'GET', url: '/api/resource/Address' })).headers['cache-control']).toBe('no-store');
    // A guest's public read may be cached as usual.
    expect((await new Session(server.app).call('ping', {}, 'GET')).headers['cache-control']).toBeUndefined();
  });
});

describe('realtime events guests may hear', () => {
  function open(cookie?: string): Promise<Socket> {
    const socket = connect(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: cookie ? { cookie } : {}, reconnection: false, forceNew: true });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }
  const heard = (socket: Socket) => {
    const seen: Record<string, unknown>[] = [];
    socket.on('list_update', (ev: Record<string, unknown>) => seen.push(ev));
    return seen;
  };

  it('carry no user id; the editor’s own socket still hears that the change was theirs', async () => {
    const admin = new Session(server.app);
    await admin.login(ADMIN.usr, ADMIN.pwd);
    const guest = await open();
    const editor = await open(admin.cookieHeader);
    const [toGuest, toEditor] = [heard(guest), heard(editor)];
    for (const s of [guest, editor]) expect(await s.timeout(3000).emitWithAck('doctype_subscribe', 'Blog Category')).toEqual({ ok: true });
    const res = await admin.request({ method: 'POST', url: '/api/resource/Blog%20Category', payload: { title: 'Quiet category' } });
    expect(res.statusCode).toBe(200);
    const start = Date.now();
    while ((toGuest.length === 0 || toEditor.length === 0) && Date.now() - start < 3000) await new Promise((r) => setTimeout(r, 20));
    expect(toGuest).toEqual([{ doctype: 'Blog Category', name: 'quiet-category' }]);
    expect(JSON.stringify(toGuest)).not.toContain(ADMIN.usr);
    expect(toEditor).toEqual([{ doctype: 'Blog Category', name: 'quiet-category', user: ADMIN.usr }]);
  });
});
