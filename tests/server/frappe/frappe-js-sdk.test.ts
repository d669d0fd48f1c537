import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrappeApp } from 'frappe-js-sdk';
import type { AddressInfo } from 'node:net';
import { createMember, createTestServer, type TestServer } from '../../support/server';
import { notesModule } from './notes-module';

/**
 * The official Frappe JS SDK as a real client of our server over HTTP. Node has no browser cookie jar, so a
 * tiny one is added to the SDK's axios instance, and the CSRF token is passed the way a page global would be.
 */
let server: TestServer;
let url: string;
let member: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  server = await createTestServer({}, [notesModule]);
  // upload_file is for the blog admin only; Member keeps the Test Note rules, which are written for members.
  member = await createMember(server, { roles: ['Member', 'Blog Manager'] });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

function browserLikeApp() {
  const app = new FrappeApp(url);
  const jar = new Map<string, string>();
  let csrf: string | undefined;
  app.axios.interceptors.request.use((config) => {
    if (jar.size) config.headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    if (csrf) config.headers.set('X-Frappe-CSRF-Token', csrf);
    return config;
  });
  app.axios.interceptors.response.use((res) => {
    for (const c of (res.headers['set-cookie'] as string[] | undefined) ?? []) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c) || !v) jar.delete(k!);
      else jar.set(k!, v);
    }
    if (res.data?.csrf_token) csrf = res.data.csrf_token;
    return res;
  });
  return app;
}

describe('frappe-js-sdk against our server', () => {
  it('logs in, reads, counts, writes, uploads, calls a method and logs out', async () => {
    const app = browserLikeApp();
    const auth = app.auth();
    const login = await auth.loginWithUsernamePassword({ username: member.name, password: member.pwd });
    expect(login).toMatchObject({ message: 'No App' });
    expect(await auth.getLoggedInUser()).toBe(member.name);

    const db = app.db();
    const created = await db.createDoc('Test Note', { address_title: 'sdk', address_line1: '99 Ratchadamri' });
    expect(created).toMatchObject({ address_title: 'sdk', owner: member.name, doctype: 'Test Note' });
    await db.createDoc('Test Note', { address_title: 'sdk-2', address_line1: '100 Ratchadamri' });

    const listed = await db.getDocList('Test Note', {
      fields: ['name', 'address_title'],
      filters: [['address_title', 'like', 'sdk%']],
      orderBy: { field: 'address_title', order: 'asc' },
      limit: 10,
    });
    expect(listed.map((d: { address_title: string }) => d.address_title)).toEqual(['sdk', 'sdk-2']);

    const doc = await db.getDoc('Test Note', created.name);
    expect(doc.address_line1).toBe('99 Ratchadamri');
    expect(await db.getCount('Test Note', [['address_title', '=', 'sdk']])).toBe(1);

    const updated = await db.updateDoc('Test Note', created.name, { address_title: 'sdk-renamed' });
    expect(updated.address_title).toBe('sdk-renamed');
    expect(await db.deleteDoc('Test Note', created.name)).toEqual({ message: 'ok' });
    await expect(db.getDoc('Test Note', created.name)).rejects.toMatchObject({ httpStatus: 404 });

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
    const progress: number[] = [];
    const uploaded = await app.file().uploadFile(new File([png], 'sdk.png', { type: 'image/png' }), { isPrivate: false }, (sent) => progress.push(sent));
    expect(uploaded.data.message.file_url).toMatch(/^\/files\/.+\.png$/);

    const pong = await app.call().get('ping');
    expect(pong).toEqual({ message: 'pong' });

    await auth.logout();
    await expect(auth.getLoggedInUser()).rejects.toMatchObject({ httpStatus: 403 });
  });
});
