import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrappeApp } from 'frappe-js-sdk';
import type { AddressInfo } from 'node:net';
import { createMember, createTestServer, type TestServer } from '../../support/server';

/**
 * The official Frappe JS SDK as a real client of our server over HTTP. Node has no browser cookie jar, so a
 * tiny one is added to the SDK's axios instance, and the CSRF token is passed the way a page global would be.
 */
let server: TestServer;
let url: string;
let blogAdmin: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  server = await createTestServer({});
  // A blog admin: the SDK writes Blog Categories and uploads an image, as the blog admin screens do.
  blogAdmin = await createMember(server, { roles: ['Blog Manager'] });
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
    const login = await auth.loginWithUsernamePassword({ username: blogAdmin.name, password: blogAdmin.pwd });
    expect(login).toMatchObject({ message: 'No App' });
    expect(await auth.getLoggedInUser()).toBe(blogAdmin.name);

    const db = app.db();
    const created = await db.createDoc('Blog Category', { title: 'SDK Cakes' });
    expect(created).toMatchObject({ title: 'SDK Cakes', doctype: 'Blog Category' });
    await db.createDoc('Blog Category', { title: 'SDK Drinks' });

    const listed = await db.getDocList('Blog Category', {
      fields: ['name', 'title'],
      filters: [['title', 'like', 'SDK%']],
      orderBy: { field: 'title', order: 'desc' },
      limit: 10,
    });
    expect(listed.map((d: { title: string }) => d.title)).toEqual(['SDK Drinks', 'SDK Cakes']);

    const doc = await db.getDoc('Blog Category', created.name);
    expect(doc.title).toBe('SDK Cakes');
    expect(await db.getCount('Blog Category', [['title', 'like', 'SDK%']])).toBe(2);

    const updated = await db.updateDoc('Blog Category', created.name, { title: 'SDK Bakes' });
    expect(updated.title).toBe('SDK Bakes');
    expect(await db.deleteDoc('Blog Category', created.name)).toEqual({ message: 'ok' });
    await expect(db.getDoc('Blog Category', created.name)).rejects.toMatchObject({ httpStatus: 404 });

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
