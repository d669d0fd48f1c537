import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { ADMIN, createTestServer, Session, type TestServer } from '../../support/server';
import { openDatabase, type Database } from '../../../server/db/client';
import { buildApp } from '../../../server/app';
import { resource } from './helpers';

/**
 * Two server instances on one PostgreSQL database (as behind a load balancer): a change made through one
 * reaches a socket connected to the other, through the socket.io Postgres adapter. Needs TEST_DATABASE_URL.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('realtime across server instances (PostgreSQL)', () => {
  let first: TestServer;
  let secondDb: Database;
  let second: FastifyInstance;
  let socket: Socket;

  beforeAll(async () => {
    first = await createTestServer();
    const url = (first.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    secondDb = await openDatabase({ dataDir: '', databaseUrl: url });
    second = await buildApp(first.config, secondDb);
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    socket?.disconnect();
    await second?.close();
    await secondDb?.close();
    await first?.close();
  });

  it('a socket on instance B hears about a category created through instance A', async () => {
    const admin = new Session(first.app);
    await admin.login(ADMIN.usr, ADMIN.pwd);
    const base = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    socket = connect(base, { transports: ['websocket'], extraHeaders: { cookie: admin.cookieHeader }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const seen: unknown[] = [];
    socket.on('list_update', (ev) => seen.push(ev));
    expect(await socket.timeout(3000).emitWithAck('doctype_subscribe', 'Blog Category')).toEqual({ ok: true });
    const res = await admin.request({ method: 'POST', url: resource('Blog Category'), payload: { title: 'Across instances' } });
    expect(res.statusCode).toBe(200);
    const start = Date.now();
    while (!seen.length && Date.now() - start < 5000) await new Promise((r) => setTimeout(r, 25));
    expect(seen).toEqual([{ doctype: 'Blog Category', name: 'across-instances', user: ADMIN.usr }]);
  });
});
