import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { ADMIN, createTestServer, Session, type TestServer } from '../../support/server';
import { resource, userWithRoles } from './helpers';
import { resolveDoctype } from '../../../server/frappe/resources';
import { settings } from '../../../server/db/schema/auth';

interface ListUpdate {
  doctype: string;
  name: string;
  user: string;
}

let server: TestServer;
let base: string;
let admin: Session;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  admin = new Session(server.app);
  await admin.login(ADMIN.usr, ADMIN.pwd);
  // An admin-only doctype, to show that subscribing needs read permission.
  server.app.doctypeRegistry.set('Secret Setting', resolveDoctype({ doctype: 'Secret Setting', table: settings, nameField: 'key', fields: ['key', 'value'], read: { allow: ['System Manager'] } }));
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.close();
});

function open(cookie?: string, origin?: string): Promise<Socket> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (origin) headers.origin = origin;
  const socket = connect(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: headers, reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const subscribe = (socket: Socket, doctype: string) =>
  socket.timeout(3000).emitWithAck('doctype_subscribe', doctype) as Promise<{ ok: boolean; message?: string }>;

function collect(socket: Socket): ListUpdate[] {
  const seen: ListUpdate[] = [];
  socket.on('list_update', (ev: ListUpdate) => seen.push(ev));
  return seen;
}

async function until(check: () => boolean, ms = 3000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('realtime list_update over socket.io', () => {
  it('a socket subscribed to Blog Category receives list_update after a create over HTTP, and not after unsubscribing', async () => {
    const socket = await open(admin.cookieHeader, base);
    const seen = collect(socket);
    expect(await subscribe(socket, 'Blog Category')).toEqual({ ok: true });
    const res = await admin.request({ method: 'POST', url: resource('Blog Category'), payload: { title: 'Live category' } });
    expect(res.statusCode).toBe(200);
    await until(() => seen.length > 0);
    expect(seen).toEqual([{ doctype: 'Blog Category', name: 'live-category', user: ADMIN.usr }]);

    await socket.timeout(3000).emitWithAck('doctype_unsubscribe', 'Blog Category');
    await admin.request({ method: 'POST', url: resource('Blog Category'), payload: { title: 'Unheard category' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toHaveLength(1);
  });

  it('a guest may follow the public categories list too', async () => {
    const socket = await open();
    const seen = collect(socket);
    expect(await subscribe(socket, 'Blog Category')).toEqual({ ok: true });
    await admin.request({ method: 'DELETE', url: resource('Blog Category', 'live-category') });
    await until(() => seen.length > 0);
    expect(seen[0]).toMatchObject({ doctype: 'Blog Category', name: 'live-category' });
  });

  it('subscribing without read permission is refused and nothing is delivered', async () => {
    const member = await userWithRoles(server, ['Member']);
    const memberSocket = await open(member.session.cookieHeader);
    const guestSocket = await open();
    const seen = [...[memberSocket, guestSocket]].map(collect);
    for (const socket of [memberSocket, guestSocket]) {
      const answer = await subscribe(socket, 'Secret Setting');
      expect(answer).toEqual({ ok: false, message: 'No permission for Secret Setting' });
      expect((await subscribe(socket, 'No Such Doctype')).ok).toBe(false);
    }
    // Guests read only published posts: they are not told about drafts being written.
    expect((await subscribe(guestSocket, 'Blog Post')).ok).toBe(false);
    server.app.changes.notifyListUpdate('Secret Setting', 'k', ADMIN.usr);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.flat()).toEqual([]);
  });

  it('the admin subscription to Secret Setting succeeds, proving the refusal above is about permission', async () => {
    const socket = await open(admin.cookieHeader);
    const seen = collect(socket);
    expect(await subscribe(socket, 'Secret Setting')).toEqual({ ok: true });
    server.app.changes.notifyListUpdate('Secret Setting', 'k', ADMIN.usr);
    await until(() => seen.length > 0);
  });

  it('refuses a connection whose Origin is another site', async () => {
    await expect(open(admin.cookieHeader, 'https://evil.example')).rejects.toThrow();
  });

  it('a signed-out session no longer subscribes as the admin', async () => {
    const s = new Session(server.app);
    await s.login(ADMIN.usr, ADMIN.pwd);
    const cookie = s.cookieHeader;
    await s.call('logout', {}, 'POST');
    const socket = await open(cookie);
    expect((await subscribe(socket, 'Secret Setting')).ok).toBe(false);
  });
});
