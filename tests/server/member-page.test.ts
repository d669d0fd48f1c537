import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberDevices } from '../../server/db/schema/auth';
import { createMember, createTestServer, Session, type TestServer } from '../support/server';

/**
 * The server's answer to a member's navigation (server/member-page.ts), with a stand-in for the built renderer (the
 * real one, the app's own screens, is exercised end to end in e2e/server-render.spec.ts). The stand-in does what a
 * screen could: reads as the visitor, tries a write, and puts the visitor's data in the page.
 */
const INDEX = '<!doctype html><title>fake-app-index</title><div id="root"></div>';
const TEMPLATE =
  '<!doctype html><html lang="th" data-mantine-color-scheme="light"><title>fake-member-page</title><meta name="description" content="หน้าแรก" />' +
  '<meta name="apple-mobile-web-app-title" content="แต้ม" /><div id="root"></div>';
const RENDERER = `
export async function renderMemberPage(path, fetchFor, lang) {
  const boot = await (await fetchFor('/api/method/member_rewards.api.boot', { method: 'GET' })).json();
  const write = await fetchFor('/api/method/member_rewards.member_code.register_device', { method: 'POST', body: '{}' }).then(
    (res) => 'written: ' + res.status,
    (err) => 'refused: ' + err.message,
  );
  const outside = await fetchFor('https://example.com/', { method: 'GET' }).then(() => 'fetched', () => 'refused');
  if (boot.message.user === 'Guest') return null;
  const head = lang === 'en' ? { description: 'Points & "rewards" <offline>', appTitle: 'Rewards' } : { description: 'คะแนน', appTitle: 'แต้มสมาชิก' };
  return { html: '<p>' + boot.message.user + '</p>', state: { user: boot.message.user, write, outside, path, lang, evil: '</script><script>alert(1)</script>' }, head };
}
`;

let dist: string;
let server: TestServer;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mr-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.mkdirSync(path.join(`${dist}-ssr`, 'pages'), { recursive: true });
  fs.writeFileSync(path.join(`${dist}-ssr`, 'member-page.js'), RENDERER);
  for (const page of ['home', 'my-id', 'reward-history', 'my-account']) fs.writeFileSync(path.join(`${dist}-ssr`, 'pages', `${page}.html`), TEMPLATE);
  server = await createTestServer({ distDir: dist });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
  fs.rmSync(`${dist}-ssr`, { recursive: true, force: true });
});

/** The JSON of the page's server-state element. */
function stateOf(body: string): Record<string, string> {
  const json = /<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(body)?.[1];
  if (!json) throw new Error(`no server state in ${body.slice(0, 200)}`);
  return JSON.parse(json) as Record<string, string>;
}

describe('a member screen rendered by the server', () => {
  it("answers a member's navigation with their own page, never kept by a cache", async () => {
    const member = await createMember(server);
    const res = await member.session.request({ method: 'GET', url: '/my-id' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    expect(res.body).toContain('fake-member-page');
    expect(res.body).toContain(`<div id="root" lang="th" data-prerendered="/my-id"><p>${member.name}</p></div>`);
    expect(stateOf(res.body).user).toBe(member.name);
  });

  it('comes compressed to a browser that takes it: brotli, else gzip, else as it is', async () => {
    const member = await createMember(server);
    const plain = await member.session.request({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await member.session.request({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await member.session.request({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it("is rendered in the language the member chose, which the app keeps in the lang cookie", async () => {
    const member = await createMember(server);
    member.session.cookies.lang = 'en';
    const res = await member.session.request({ method: 'GET', url: '/' });
    expect(stateOf(res.body).lang).toBe('en');
    expect(res.body).toContain('<html lang="en" data-mantine-color-scheme="light">');
    expect(res.body).toContain(`<div id="root" lang="en" data-prerendered="/"><p>${member.name}</p></div>`);
    // Its head speaks English too (a shared link's preview, the name on the home screen), its text kept as text.
    expect(res.body).toContain('<meta name="description" content="Points &amp; &quot;rewards&quot; &lt;offline>" />');
    expect(res.body).toContain('<meta name="apple-mobile-web-app-title" content="Rewards" />');
    expect(res.body).not.toContain('หน้าแรก');
    // The same address in another language is another page: a cache keyed without the cookie must not serve it.
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is Thai, the default, without the cookie or with a language the app does not speak', async () => {
    const member = await createMember(server);
    for (const lang of [undefined, 'fr', 'EN', '']) {
      if (lang === undefined) delete member.session.cookies.lang;
      else member.session.cookies.lang = lang;
      const res = await member.session.request({ method: 'GET', url: '/my-account' });
      expect(stateOf(res.body).lang).toBe('th');
      expect(res.body).toContain('<html lang="th" data-mantine-color-scheme="light">');
      expect(res.body).toContain('<div id="root" lang="th" data-prerendered="/my-account">');
    }
  });

  it('reads only: a write, or a request off the API, is refused before it reaches anything', async () => {
    const member = await createMember(server);
    const state = stateOf((await member.session.request({ method: 'GET', url: '/' })).body);
    expect(state.write).toMatch(/^refused: a server render only reads the API: POST/);
    expect(state.outside).toBe('refused');
    // The member's devices are untouched: no code secret was made for the server.
    const devices = await server.database.db.select().from(memberDevices).where(eq(memberDevices.user, member.name));
    expect(devices).toEqual([]);
  });

  it('its data cannot close the script element it travels in', async () => {
    const member = await createMember(server);
    const body = (await member.session.request({ method: 'GET', url: '/reward-history' })).body;
    expect(body.match(/<script/g)).toHaveLength(1);
    expect(stateOf(body).evil).toBe('</script><script>alert(1)</script>');
  });

  it('a guest, a signed-out cookie, and an address not rendered here get the app shell as before', async () => {
    const guest = new Session(server.app);
    for (const url of ['/', '/my-id']) {
      const res = await guest.request({ method: 'GET', url });
      expect(res.body).toContain('fake-app-index');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const ended = await guest.request({ method: 'GET', url: '/', headers: { cookie: 'sid=Guest' } });
    expect(ended.body).toContain('fake-app-index');
    const member = await createMember(server);
    const profile = await member.session.request({ method: 'GET', url: '/profile' });
    expect(profile.body).toContain('fake-app-index');
  });

  it("each request is rendered with its own visitor's session, however many come at once", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(server)));
    const pages = await Promise.all(members.map((m) => m.session.request({ method: 'GET', url: '/' })));
    pages.forEach((res, i) => expect(stateOf(res.body).user).toBe(members[i]!.name));
  });
});
