import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, createTestServer, Session, type TestServer } from '../../support/server';
import { LocalPushService } from '../../support/push-service';
import { DEFAULT_PUSH_HOSTS } from '../../../server/config';
import { buildApp } from '../../../server/app';
import { openDatabase, type Database } from '../../../server/db/client';
import { users } from '../../../server/db/schema/auth';
import { notificationDeliveries } from '../../../server/db/schema/notifications';
import { enqueueEvent } from '../../../server/modules/notifications/index';
import { vapidKeys } from '../../../server/modules/notifications/web-push';

vi.setConfig({ testTimeout: 30_000 });

const SUBSCRIBE = 'member_rewards.notifications.subscribe';
const noon = new Date('2026-06-01T05:00:00Z'); // 12:00 in Bangkok

/** LINE's Messaging API as far as the adapter uses it: records pushes, answers what the test says. */
async function fakeLine(answer: (n: number) => number) {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: { to: string; messages: Array<{ type: string; text: string }> } }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(answer(received.length), { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(r)) };
}

describe('LINE Messaging API adapter', () => {
  let server: TestServer;
  let line: Awaited<ReturnType<typeof fakeLine>>;
  let now = noon;
  let answers: number[] = [];

  beforeAll(async () => {
    line = await fakeLine((n) => answers[n - 1] ?? 200);
    server = await createTestServer({ lineMessaging: { accessToken: 'test-channel-token', apiBase: line.base } }, [], { clock: () => now });
  });
  afterAll(async () => {
    await server?.close();
    await line?.close();
  });

  async function lineMember(sub: string) {
    const m = await createMember(server);
    await server.database.db.update(users).set({ line_sub: sub }).where(eq(users.name, m.name));
    return m;
  }

  it('pushes a text that links back into the app, retrying a failed push with the same retry key', async () => {
    answers = [500, 200];
    const m = await lineMember('U1234567890abcdef1234567890abcdef');
    await enqueueEvent(server.database.db, 'reward_ready', { order: 'ACC-SINV-2026-00042', item_name: 'กระเป๋าผ้า', branch: 'สาขาสยาม' }, { to: m.name });
    await server.app.jobs.runDue();
    expect(line.received).toHaveLength(1);
    now = new Date(noon.getTime() + 30_000);
    await server.app.jobs.runDue();
    expect(line.received).toHaveLength(2);
    const [first, second] = line.received;
    expect(first!.headers.authorization).toBe('Bearer test-channel-token');
    expect(first!.headers['x-line-retry-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(second!.headers['x-line-retry-key']).toBe(first!.headers['x-line-retry-key']);
    expect(second!.body.to).toBe('U1234567890abcdef1234567890abcdef');
    expect(second!.body.messages).toEqual([
      {
        type: 'text',
        text: `ของรางวัลพร้อมให้รับแล้ว\nกระเป๋าผ้า · รับได้ที่ สาขาสยาม · แสดงรหัสที่ร้าน\n\nดูรายละเอียด: ${server.config.publicUrl}/liff/my-order/ACC-SINV-2026-00042`,
      },
    ]);
    const [delivery] = await server.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.target, 'U1234567890abcdef1234567890abcdef'));
    expect(delivery).toMatchObject({ channel: 'line', status: 'sent', attempts: 2 });
  });

  it('a push LINE refuses (400: not a friend, bad id) is not retried', async () => {
    answers = [400];
    line.received.length = 0;
    const m = await lineMember('Ufedcba0987654321fedcba0987654321');
    await enqueueEvent(server.database.db, 'points_adjusted', { points: 5, balance: 5 }, { to: m.name });
    await server.app.jobs.runDue();
    now = new Date(now.getTime() + 24 * 3600_000);
    await server.app.jobs.runDue();
    expect(line.received).toHaveLength(1);
    const [delivery] = await server.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.target, 'Ufedcba0987654321fedcba0987654321'));
    expect(delivery).toMatchObject({ status: 'failed', last_error: 'LINE answered 400: {}' });
    // No development outbox beside a real channel.
    expect((await new Session(server.app).call('member_rewards.dev.line_outbox', {}, 'GET')).statusCode).toBe(404);
  });
});

describe('production: Web Push only with configured keys, and only to the browsers\' push services', () => {
  let server: TestServer;
  const keys = webpush.generateVAPIDKeys();
  beforeAll(async () => {
    server = await createTestServer({
      production: true,
      webPush: { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: 'mailto:ops@example.com', allowedHosts: DEFAULT_PUSH_HOSTS },
    });
  });
  afterAll(() => server?.close());

  it('serves the configured public key, refuses a local endpoint and accepts a push service\'s', async () => {
    const m = await createMember(server);
    expect((await m.session.call('member_rewards.notifications.get_vapid_public_key', {}, 'GET')).json().message).toEqual({ public_key: keys.publicKey });
    const sub = new LocalPushService();
    sub.base = 'http://127.0.0.1:9';
    const local = sub.subscription();
    const refused = await m.session.call(SUBSCRIBE, { subscription: local });
    expect(refused.statusCode).toBe(417);
    expect(refused.json().error_code).toBe('push_endpoint_not_allowed');
    for (const endpoint of ['https://fcm.googleapis.com:8443/fcm/send/x', 'https://evil.example/fcm.googleapis.com', 'https://fcm.googleapis.com.evil.example/x']) {
      expect((await m.session.call(SUBSCRIBE, { subscription: { ...local, endpoint } })).statusCode).toBe(417);
    }
    const fcm = await m.session.call(SUBSCRIBE, { subscription: { ...local, endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' } });
    expect(fcm.statusCode, fcm.body).toBe(200);
    const apple = await m.session.call(SUBSCRIBE, { subscription: { ...local, endpoint: 'https://web.push.apple.com/QGx' } });
    expect(apple.json().message.devices).toBe(2);
  });

  it('without keys in production there is no Web Push (never generated there)', async () => {
    const none = await vapidKeys(server.database.db, { ...server.config, webPush: { ...server.config.webPush, publicKey: undefined, privateKey: undefined } });
    expect(none).toBeNull();
  });
});

/**
 * Two instances on one PostgreSQL database, both running the delivery jobs at the same moment: every event
 * reaches the device once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances deliver each notification once (PostgreSQL)', () => {
  let first: TestServer;
  let secondDb: Database;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let push: LocalPushService;

  beforeAll(async () => {
    first = await createTestServer({}, [], { clock: () => noon });
    secondDb = await openDatabase({ dataDir: '', databaseUrl: first.databaseUrl! });
    second = await buildApp(first.config, secondDb, { clock: () => noon });
    await second.ready();
    push = await new LocalPushService().start();
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await first?.close();
    await push?.close();
  });

  it('40 events for a member with two devices: 80 pushes, none twice', async () => {
    const m = await createMember(first);
    const subs = [push.subscription(), push.subscription()];
    for (const sub of subs) expect((await m.session.call(SUBSCRIBE, { subscription: sub })).statusCode).toBe(200);
    for (let i = 0; i < 40; i++) {
      await enqueueEvent(first.database.db, 'points_adjusted', { points: i + 1, balance: 1000 + i }, { to: m.name });
    }
    await Promise.all([first.app.jobs.runDue(), second.jobs.runDue(), first.app.jobs.runDue(), second.jobs.runDue()]);
    for (const sub of subs) {
      const ids = (push.payloads(sub) as Array<{ id: string }>).map((p) => p.id);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
    }
    expect(push.received).toHaveLength(80);
  });
});
