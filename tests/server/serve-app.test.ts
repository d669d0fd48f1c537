import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';

/**
 * Hosting of the built app (server/serve-app.ts) on a small fake build: hashed assets are cached for a year
 * and never revalidated; index.html, the SPA fallback and the service worker are revalidated on every load, so a
 * deploy reaches members at their next visit; the fallback never hands index.html to an API, file or socket path.
 */
const INDEX = '<!doctype html><title>fake-app-index</title>';
const APP_JS = 'console.log("fake app chunk abc123");';
const SW_JS = 'self.addEventListener("install", () => {}); // fake-sw';
/** A page the build rendered (vite.config.ts prerender): dist/pages/<name>.html with the page inside #root. */
const LOGIN_PAGE = '<!doctype html><title>fake-login</title><div id="root" data-prerendered="/login"><h1>ยินดีต้อนรับ</h1></div>';

let dist: string;
let server: TestServer;
const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
const isIndex = (res: { body: string }) => res.body.includes('fake-app-index');

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mr-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'sw.js'), SW_JS);
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"fake"}');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), APP_JS);
  // The build writes a .br beside each text asset; it must keep the asset's cache rule.
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(APP_JS));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.css'), 'body{color:red}');
  fs.mkdirSync(path.join(dist, 'pages'));
  fs.writeFileSync(path.join(dist, 'pages', 'login.html'), LOGIN_PAGE);
  fs.writeFileSync(path.join(dist, 'pages', 'login.html.br'), zlib.brotliCompressSync(LOGIN_PAGE));
  server = await createTestServer({ distDir: dist });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const ONE_YEAR = 365 * 24 * 3600;
function maxAge(cacheControl: unknown): number {
  return Number(/max-age=(\d+)/.exec(String(cacheControl))?.[1] ?? -1);
}

describe('hashed assets', () => {
  it('serves the files of a build deployed over the running one (the new service worker precaches them)', async () => {
    const next = 'console.log("next build def456");';
    fs.writeFileSync(path.join(dist, 'assets', 'app-def456.js'), next);
    const res = await get('/assets/app-def456.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(next);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await get('/assets/app-gone99.js')).statusCode).toBe(404);
  });

  it.each(['/assets/app-abc123.js', '/assets/app-abc123.css'])('%s: immutable, cached at least a year', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('public');
    expect(maxAge(res.headers['cache-control'])).toBeGreaterThanOrEqual(ONE_YEAR);
  });

  it('serves the JavaScript with its type, and the brotli copy to a browser that accepts it, with the same cache rule', async () => {
    const plain = await get('/assets/app-abc123.js');
    expect(plain.body).toBe(APP_JS);
    expect(plain.headers['content-type']).toMatch(/javascript/);
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);
    expect(br.headers['cache-control']).toContain('immutable');
  });

  it('a missing hashed asset (an old build’s chunk) is a 404, never index.html under a year-long cache', async () => {
    const res = await get('/assets/app-old999.js');
    expect(res.statusCode).toBe(404);
    expect(isIndex(res)).toBe(false);
    expect(String(res.headers['cache-control'] ?? '')).not.toContain('immutable');
  });
});

describe('the app shell and the service worker', () => {
  it.each([
    ['/', true],
    ['/index.html', true],
    ['/my-account/orders', true],
    ['/gift/GIFT-TOTE?ref=line', true],
    ['/sw.js', false],
    ['/manifest.webmanifest', false],
  ])('%s is revalidated on every load (no-cache)', async (url, shell) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-cache|no-store/);
    expect(res.headers['cache-control']).not.toContain('immutable');
    expect(maxAge(res.headers['cache-control'])).toBeLessThanOrEqual(0);
    expect(isIndex(res)).toBe(shell);
    if (shell) expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it.each(['/', '/my-account/orders'])('HEAD %s answers like GET, without a body (uptime checks, link previews)', async (url) => {
    const res = await server.app.inject({ method: 'HEAD', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toMatch(/no-cache|no-store/);
    expect(res.body).toBe('');
  });

  it('sw.js is the service worker script itself', async () => {
    const res = await get('/sw.js');
    expect(res.body).toBe(SW_JS);
    expect(res.headers['content-type']).toMatch(/javascript/);
  });
});

describe('pages the build rendered', () => {
  it.each(['/login', '/login/', '/login?next=%2Fmy-id'])('%s answers with its own HTML, revalidated like index.html', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(LOGIN_PAGE);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('an address with no rendered page gets index.html', async () => {
    expect(isIndex(await get('/welcome'))).toBe(true);
    expect(isIndex(await get('/login/extra'))).toBe(true);
  });

  it('a browser that takes brotli gets the compressed twin the build wrote', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(LOGIN_PAGE);
  });
});

describe('the SPA fallback stays out of server paths', () => {
  it.each([
    '/api',
    '/api/nothing-here',
    '/api/method/no.such.method',
    '/api/resource/No Such Doctype',
    '/files/missing.png',
    '/private/files/missing.pdf',
    '/socket.io/?EIO=4&transport=polling',
  ])('GET %s is not answered with index.html', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(isIndex(res)).toBe(false);
    expect(String(res.headers['content-type'])).not.toMatch(/text\/html/);
  });

  it('answers an unknown API path with Frappe’s 404 body', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().exc_type).toBe('DoesNotExistError');
  });
});

describe('a page address the server cannot decode', () => {
  it('is the app with status 404, so the app shows its not-found screen even before a service worker is installed', async () => {
    for (const url of ['/%E0%A4%A', '/my-order/%ZZ', '/products/%']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(isIndex(res), url).toBe(true);
      expect(String(res.headers['content-type'])).toMatch(/text\/html/);
    }
  });

  it('under /api it stays a Frappe 400', async () => {
    const res = await get('/api/resource/Item/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json().exc_type).toBe('InvalidRequestError');
  });
});
