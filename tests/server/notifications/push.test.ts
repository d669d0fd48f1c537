import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, createMember, createMemberWithDevice, createTestServer, Session, STAFF, type TestServer } from '../../support/server';
import { LocalPushService, type TestSubscription } from '../../support/push-service';
import { memberCodeAt } from '../../../contracts/member-code';
import { notificationSettingsSchema, pushPayloadSchema, type PushPayload } from '../../../contracts/notifications';
import { users } from '../../../server/db/schema/auth';
import { jobs } from '../../../server/db/schema/jobs';
import { notificationDeliveries, notificationEvents, pushSubscriptions } from '../../../server/db/schema/notifications';
import { enqueueEvent, reach } from '../../../server/modules/notifications/index';
import { vapidKeys } from '../../../server/modules/notifications/web-push';
import { addAddress, givePoints, PLACE_ORDER, gift } from '../orders/support';

const SUBSCRIBE = 'member_rewards.notifications.subscribe';
const UNSUBSCRIBE = 'member_rewards.notifications.unsubscribe';
const GET_SETTINGS = 'member_rewards.notifications.get_settings';
const UPDATE_SETTINGS = 'member_rewards.notifications.update_settings';
const VAPID = 'member_rewards.notifications.get_vapid_public_key';
const AWARD = 'member_rewards.staff.award_points';

vi.setConfig({ testTimeout: 30_000 });

/** The server's clock for its jobs: 12:00 in Bangkok unless a test moves it. */
let now = new Date('2026-06-01T05:00:00Z');
const clock = () => new Date(now);

let server: TestServer;
let push: LocalPushService;
let staff: Session;
let receipt = 0;

beforeAll(async () => {
  server = await createTestServer({ seedDemo: true }, [], { clock });
  push = await new LocalPushService().start();
  staff = new Session(server.app);
  expect((await staff.login(STAFF.usr, STAFF.pwd)).statusCode).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});

const memberWithDevice = () => createMemberWithDevice(server);

async function subscribe(s: Session, sub: TestSubscription, extra: Record<string, unknown> = {}) {
  const res = await s.call(SUBSCRIBE, { subscription: { ...sub, expirationTime: null }, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message as { subscribed: true; devices: number };
}

async function award(m: Awaited<ReturnType<typeof memberWithDevice>>, amount: number) {
  receipt += 1;
  const res = await staff.call(AWARD, { member_code: await memberCodeAt(m.device), amount, receipt_no: `NT-${receipt}-${Date.now()}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message as { points: number; loyalty_points: number };
}

const deliveriesOf = async (user: string) =>
  server.database.db
    .select({ d: notificationDeliveries, kind: notificationEvents.kind })
    .from(notificationDeliveries)
    .innerJoin(notificationEvents, eq(notificationEvents.id, notificationDeliveries.event_id))
    .where(eq(notificationEvents.user, user));

describe('Web Push delivery (a local push service stands in for the browser vendor)', () => {
  it('a staff award reaches the member\'s device: VAPID-signed, RFC 8291-encrypted, decrypted with the subscription\'s keys', async () => {
    const m = await memberWithDevice();
    const sub = push.subscription();
    expect(await subscribe(m.session, sub)).toEqual({ subscribed: true, devices: 1 });
    const awarded = await award(m, 250);

    await server.app.jobs.runDue();
    const [received] = push.received.filter((r) => r.path === new URL(sub.endpoint).pathname);
    expect(received?.status).toBe(201);
    expect(received!.vapid).toMatchObject({ aud: push.base, sub: 'mailto:admin@example.com' });
    expect(received!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(received!.headers.ttl)).toBeGreaterThan(0);
    expect(received!.headers.urgency).toBe('high');

    const payloads = push.payloads(sub) as PushPayload[];
    expect(payloads).toHaveLength(1);
    const payload = v.parse(pushPayloadSchema, payloads[0]);
    expect(payload).toMatchObject({ kind: 'points_received', url: '/reward-history', lang: 'th' });
    expect(payload.title.en).toBe(`You received ${awarded.points} points`);
    expect(payload.title.th).toBe(`ได้รับ ${awarded.points} คะแนน`);
    expect(payload.body.en).toContain(`Balance ${awarded.loyalty_points} points`);

    // Exactly once: running the jobs again sends nothing more.
    await server.app.jobs.runDue();
    expect(push.payloads(sub)).toHaveLength(1);
    const rows = await deliveriesOf(m.name);
    expect(rows.map((r) => [r.kind, r.d.channel, r.d.status])).toEqual([['points_received', 'webpush', 'sent']]);
  });

  it('a subscription the push service answers 410 for is deleted, and the delivery recorded as gone', async () => {
    const m = await memberWithDevice();
    const sub = push.subscription();
    await subscribe(m.session, sub);
    push.status = (path) => (path === new URL(sub.endpoint).pathname ? 410 : 201);
    try {
      await award(m, 100);
      await server.app.jobs.runDue();
    } finally {
      push.status = () => 201;
    }
    const left = await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user, m.name));
    expect(left).toEqual([]);
    expect((await deliveriesOf(m.name)).map((r) => r.d.status)).toEqual(['gone']);
    const settings = (await m.session.call(GET_SETTINGS, {}, 'GET')).json().message;
    expect(settings.channels.webpush.devices).toBe(0);
  });

  it('a failing push service is retried with backoff until it takes the message, which arrives once', async () => {
    const m = await memberWithDevice();
    const sub = push.subscription();
    await subscribe(m.session, sub);
    const path = new URL(sub.endpoint).pathname;
    push.status = (p, attempt) => (p !== path ? 201 : attempt === 1 ? 500 : attempt === 2 ? 503 : 201);
    try {
      await award(m, 100);
      await server.app.jobs.runDue();
      expect(push.received.filter((r) => r.path === path).map((r) => r.status)).toEqual([500]);
      let [row] = await deliveriesOf(m.name);
      expect(row!.d).toMatchObject({ status: 'pending', attempts: 1, last_error: 'push service answered 500' });

      await server.app.jobs.runDue(); // the backoff has not passed
      expect(push.received.filter((r) => r.path === path)).toHaveLength(1);
      now = new Date(now.getTime() + 30_000);
      await server.app.jobs.runDue();
      now = new Date(now.getTime() + 60_000);
      await server.app.jobs.runDue();
      expect(push.received.filter((r) => r.path === path).map((r) => r.status)).toEqual([500, 503, 201]);
      expect(push.payloads(sub)).toHaveLength(1);
      [row] = await deliveriesOf(m.name);
      expect(row!.d).toMatchObject({ status: 'sent', attempts: 3 });
    } finally {
      push.status = () => 201;
      now = new Date('2026-06-01T05:00:00Z');
    }
  });

  it('nothing is sent at 03:00 Bangkok time: it waits for 08:00, unless the member turned quiet hours off', async () => {
    const sleeper = await createMember(server);
    const nightOwl = await createMember(server);
    const [subA, subB] = [push.subscription(), push.subscription()];
    await subscribe(sleeper.session, subA);
    await subscribe(nightOwl.session, subB);
    const off = await nightOwl.session.call(UPDATE_SETTINGS, { quiet_hours: false });
    expect(off.json().message.quiet_hours).toBe(false);
    try {
      now = new Date('2026-06-01T20:00:00Z'); // 03:00 on 2 June in Bangkok
      for (const m of [sleeper, nightOwl]) {
        await enqueueEvent(server.database.db, 'points_expiring', { points: 40, expiry_date: '2026-06-30', days: 28 }, { to: m.name });
      }
      await server.app.jobs.runDue();
      expect(push.payloads(subA)).toEqual([]);
      expect(push.payloads(subB)).toHaveLength(1);
      const [waiting] = await server.database.db.select().from(jobs).where(eq(jobs.kind, 'notifications.deliver')).then((rows) =>
        rows.filter((r) => r.status === 'pending'),
      );
      expect(waiting?.run_at?.toISOString()).toBe('2026-06-02T01:00:00.000Z'); // 08:00 in Bangkok

      now = new Date('2026-06-02T00:59:00Z');
      await server.app.jobs.runDue();
      expect(push.payloads(subA)).toEqual([]);
      now = new Date('2026-06-02T01:00:00Z');
      await server.app.jobs.runDue();
      const [morning] = push.payloads(subA) as PushPayload[];
      expect(morning).toMatchObject({ kind: 'points_expiring', url: '/reward-history' });
      expect(morning!.title.en).toBe('40 points expire in 28 days');
    } finally {
      now = new Date('2026-06-01T05:00:00Z');
    }
  });

  it('a topic turned off for Web Push sends nothing there, while LINE still gets it, in the member\'s language', async () => {
    const m = await memberWithDevice();
    const lineSub = `U${'a'.repeat(31)}${String(receipt).slice(-1)}`;
    await server.database.db.update(users).set({ line_sub: lineSub }).where(eq(users.name, m.name));
    const sub = push.subscription();
    await subscribe(m.session, sub);
    const res = await m.session.call(UPDATE_SETTINGS, { topics: { points: { webpush: false } }, language: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = v.parse(notificationSettingsSchema, res.json().message);
    expect(saved.topics.points).toEqual({ webpush: false, line: true });
    expect(saved.topics.rewards).toEqual({ webpush: true, line: true });
    expect(saved).toMatchObject({ language: 'en', channels: { webpush: { available: true, devices: 1 }, line: { available: true } } });

    const awarded = await award(m, 300);
    await server.app.jobs.runDue();
    expect(push.payloads(sub)).toEqual([]);
    const outbox = (await new Session(server.app).call('member_rewards.dev.line_outbox', { to: lineSub }, 'GET')).json().message;
    expect(outbox).toHaveLength(1);
    expect(outbox[0].text).toContain(`You received ${awarded.points} points`);
    expect(outbox[0].text).toContain(`View details: ${server.config.publicUrl}/liff/reward-history`);
    expect((await deliveriesOf(m.name)).map((r) => [r.d.channel, r.d.status])).toEqual([['line', 'sent']]);
  });
});

describe('subscriptions and settings: each member only their own', () => {
  it('validates what is sent, and a guest cannot subscribe', async () => {
    const m = await createMember(server);
    const sub = push.subscription();
    const bad = await m.session.call(SUBSCRIBE, { subscription: { ...sub, keys: { ...sub.keys, p256dh: 'short' } } });
    expect(bad.statusCode).toBe(417);
    expect(bad.body).toContain('p256dh');
    const noUrl = await m.session.call(SUBSCRIBE, { subscription: { ...sub, endpoint: 'not a url' } });
    expect(noUrl.statusCode).toBe(417);
    const unknownTopic = await m.session.call(UPDATE_SETTINGS, { topics: { birthdays: { line: false } } });
    expect(unknownTopic.statusCode).toBe(417);
    const notBool = await m.session.call(UPDATE_SETTINGS, { quiet_hours: 'sometimes' });
    expect(notBool.statusCode).toBe(417);
    const guest = new Session(server.app);
    for (const [method, verb] of [[SUBSCRIBE, 'POST'], [GET_SETTINGS, 'GET'], [VAPID, 'GET']] as const) {
      expect((await guest.call(method, { subscription: sub }, verb)).statusCode).toBe(403);
    }
  });

  it('a member cannot remove another member\'s device; signing in on that browser moves it', async () => {
    const a = await createMember(server);
    const b = await createMember(server);
    const sub = push.subscription();
    await subscribe(a.session, sub);
    expect((await b.session.call(UNSUBSCRIBE, { endpoint: sub.endpoint })).json().message).toEqual({ removed: false });
    const owner = () => server.database.db.select({ user: pushSubscriptions.user }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(await owner()).toEqual([{ user: a.name }]);
    // The same browser, now signed in as b: the endpoint belongs to whoever uses that browser.
    await subscribe(b.session, sub);
    expect(await owner()).toEqual([{ user: b.name }]);
    expect((await b.session.call(UNSUBSCRIBE, { endpoint: sub.endpoint })).json().message).toEqual({ removed: true });
    expect(await owner()).toEqual([]);
  });

  it('another member cannot take a device\'s endpoint with keys of their own: 409 push_endpoint_in_use, and it keeps receiving', async () => {
    const a = await memberWithDevice();
    const b = await createMember(server);
    const sub = push.subscription();
    await subscribe(a.session, sub);
    const owner = () => server.database.db.select({ user: pushSubscriptions.user, p256dh: pushSubscriptions.p256dh }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
    // a's endpoint under keys b made: b could decrypt nothing, but a would stop hearing anything there.
    const theirs = push.subscription().keys;
    for (const keys of [theirs, { ...sub.keys, auth: theirs.auth }, { ...sub.keys, p256dh: theirs.p256dh }]) {
      const res = await b.session.call(SUBSCRIBE, { subscription: { endpoint: sub.endpoint, keys, expirationTime: null }, language: 'en' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error_code).toBe('push_endpoint_in_use');
      expect(await owner()).toEqual([{ user: a.name, p256dh: sub.keys.p256dh }]);
    }
    const settings = v.parse(notificationSettingsSchema, (await b.session.call(GET_SETTINGS, {}, 'GET')).json().message);
    expect(settings.channels.webpush.devices).toBe(0);
    await award(a, 100);
    await server.app.jobs.runDue();
    expect(push.payloads(sub)).toHaveLength(1);
    // The member's own browser may renew its keys on the same endpoint.
    const renewed = push.subscription().keys;
    await subscribe(a.session, { endpoint: sub.endpoint, keys: renewed });
    expect(await owner()).toEqual([{ user: a.name, p256dh: renewed.p256dh }]);
  });

  it('the VAPID public key is generated once and stays the same (subscriptions survive restarts)', async () => {
    const m = await createMember(server);
    const first = (await m.session.call(VAPID, {}, 'GET')).json().message.public_key as string;
    expect(first).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const again = await vapidKeys(server.database.db, server.config);
    expect(again).toMatchObject({ publicKey: first, generated: false });
  });
});

describe('events from what members do', () => {
  const eventsOf = (user: string) =>
    server.database.db.select().from(notificationEvents).where(eq(notificationEvents.user, user)).orderBy(notificationEvents.id);

  it('a redemption announces the reward ready at the branch; staff confirming it announces it collected', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 15);
    const res = await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15));
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().message.name as string;
    const confirmed = await staff.call('member_rewards.staff.confirm_reward', { code: res.json().message.reward_code as string });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const events = await eventsOf(m.name);
    expect(events.map((e) => e.kind)).toEqual(['reward_ready', 'reward_collected']);
    expect(events[0]!.payload).toMatchObject({ order, branch: 'สาขาสยาม' });
    expect(events[1]!.payload).toMatchObject({ order, branch: 'สาขาสยาม' });
  });

  it('a confirmed payment announces the new status and the points it posted', async () => {
    const m = await createMember(server);
    const address = await addAddress(server, m.customer);
    const placed = await m.session.call(PLACE_ORDER, {
      billing_address: address,
      shipping_address: '',
      use_different_shipping: false,
      loyalty_points: null,
      items: [{ item_code: 'SNEAKER-BLACK', qty: 1 }],
      payment_method: 'bank-transfer',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().message;
    const admin = new Session(server.app);
    await admin.login(ADMIN.usr, ADMIN.pwd);
    expect((await admin.call('member_rewards.orders.confirm_payment', { order: order.name })).statusCode).toBe(200);
    const events = await eventsOf(m.name);
    expect(events.map((e) => [e.kind, e.payload])).toEqual([
      ['points_received', expect.objectContaining({ points: order.points_earned, source: 'purchase', order: order.name })],
      ['order_status', { order: order.name, status: 'Paid', points: order.points_earned }],
    ]);
  });

  it('a broadcast\'s reach: per channel, by each member\'s settings and devices', async () => {
    const [withDevice, lineOnly, optedOut] = [await createMember(server), await createMember(server), await createMember(server)];
    await subscribe(withDevice.session, push.subscription());
    await subscribe(optedOut.session, push.subscription());
    for (const [m, sub] of [[lineOnly, 'Ureach00000000000000000000000001'], [optedOut, 'Ureach00000000000000000000000002']] as const) {
      await server.database.db.update(users).set({ line_sub: sub }).where(eq(users.name, m.name));
    }
    await optedOut.session.call(UPDATE_SETTINGS, { topics: { campaigns: { webpush: false, line: false } } });
    const everyone = [withDevice.name, lineOnly.name, optedOut.name, 'nobody@example.com'];
    expect(await reach(server.database.db, server.config, 'campaign', everyone)).toEqual({ webpush: 1, line: 1 });
    expect(await reach(server.database.db, server.config, 'points_received', everyone)).toEqual({ webpush: 2, line: 2 });
  });

  it('an event recorded twice with the same key is one event (a reminder run again)', async () => {
    const m = await createMember(server);
    const payload = { points: 10, expiry_date: '2026-07-01', days: 7 };
    const first = await enqueueEvent(server.database.db, 'points_expiring', payload, { to: [m.name], dedupeKey: 'expiry:2026-07-01:7' });
    const second = await enqueueEvent(server.database.db, 'points_expiring', payload, { to: [m.name], dedupeKey: 'expiry:2026-07-01:7' });
    expect(first).toHaveLength(1);
    expect(second).toEqual([]);
    await expect(enqueueEvent(server.database.db, 'points_expiring', { ...payload, days: -1.5 }, { to: m.name })).rejects.toThrow();
  });
});
