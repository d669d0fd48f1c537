import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { Webhook } from 'standardwebhooks';
import { createMember, type Session, type TestServer } from '../../support/server';
import { openDatabase } from '../../../server/db/client';
import { auditLog } from '../../../server/db/schema/audit';
import { WebhookPayloadSchema } from '../../../contracts/webhooks';
import { asClient, createClient, I, integrationServer, type Credentials } from '../integration/support';
import { deliver, deliveriesOf, receiver, subscribedClient, subscriptionRow, W, type Receiver } from './support';

vi.setConfig({ testTimeout: 120_000 });

const SIAM = 'สาขาสยาม';
const SECOND = 1000;
let server: TestServer;
let admin: Session;
let clock: () => Date;
let travel: (ms: number) => void;
let till: Credentials;
let hook: Receiver;
beforeAll(async () => {
  ({ server, admin, clock, travel } = await integrationServer());
  till = await createClient(admin, ['points:earn']);
}, 120_000);
afterAll(() => server.close());
// A receiver of its own per test: what one test leaves pending never reaches the next one's.
beforeEach(async () => {
  hook = await receiver();
});
afterEach(() => hook.close());

let receipt = 0;
/** A real change that reports points.earned: the till posts a receipt of 100 baht (4 points). */
async function earn(customer: string) {
  receipt += 1;
  const res = await asClient(server, till, I.earn, { customer, receipt_no: `WH-${receipt}`, branch: SIAM, amount: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message as { points: number; balance: number; receipt_no: string };
}

/** Received requests from `from` on, to this receiver, with their webhook-id and body. */
const since = (from: number) => hook.received.slice(from).map((r) => ({ id: r.headers['webhook-id'] as string, body: JSON.parse(r.body) as { type: string; data: { customer: string; receipt_no?: string } } }));

describe('webhook deliveries', () => {
  it('are signed per Standard Webhooks (the library verifies them) and carry the contract’s payload, sent by the jobs runner', async () => {
    hook.answerWith(() => 200);
    const from = hook.received.length;
    const sub = await subscribedClient(server, admin, hook.url, ['points.earned']);
    expect(sub.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const m = await createMember(server);
    const earned = await earn(m.customer);
    expect(await server.app.jobs.runDue()).toBeGreaterThan(0);
    expect(hook.received.length - from).toBe(1);
    const got = hook.received[from]!;
    const verified = new Webhook(sub.secret).verify(got.body, got.headers as Record<string, string>);
    const payload = v.parse(WebhookPayloadSchema, verified);
    expect(payload).toMatchObject({ type: 'points.earned', data: { customer: m.customer, points: 4, balance: earned.balance, receipt_no: earned.receipt_no, branch: SIAM } });
    expect(Math.abs(Date.parse(payload.timestamp) - Date.now())).toBeLessThan(60 * SECOND);
    // Another secret does not verify it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(got.body, got.headers as Record<string, string>)).toThrow();
    const [row] = await deliveriesOf(server, sub.subscription);
    expect(got.headers['webhook-id']).toBe(row!.event_id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_status: 200 });
    // The client sees it among its deliveries.
    const list = await asClient(server, sub.client, W.deliveries, {}, 'GET');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().message).toMatchObject({ total: 1, deliveries: [{ delivery: String(row!.id), status: 'delivered', type: 'points.earned', customer: m.customer, event_id: row!.event_id }] });
    await asClient(server, sub.client, W.unsubscribe, { subscription: sub.subscription });
  });

  it('a 500 is retried after the first wait (5 s), with the same webhook-id, and then delivered', async () => {
    const sub = await subscribedClient(server, admin, hook.url, ['points.earned']);
    const m = await createMember(server);
    let calls = 0;
    hook.answerWith(() => (++calls === 1 ? 500 : 200));
    const from = hook.received.length;
    await earn(m.customer);
    await deliver(server, clock);
    let [row] = await deliveriesOf(server, sub.subscription);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_status: 500, last_response: 'refused with 500' });
    expect(row!.next_attempt_at!.getTime() - row!.last_attempt_at!.getTime()).toBe(5 * SECOND);
    // Not before its time.
    travel(4 * SECOND);
    await deliver(server, clock);
    expect(hook.received.length - from).toBe(1);
    travel(1 * SECOND);
    await deliver(server, clock);
    expect(hook.received.length - from).toBe(2);
    const ids = since(from).map((r) => r.id);
    expect(ids[0]).toBe(ids[1]);
    [row] = await deliveriesOf(server, sub.subscription);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, last_status: 200, next_attempt_at: null });
    await asClient(server, sub.client, W.unsubscribe, { subscription: sub.subscription });
  });

  it('a 410 disables the subscription at once (gone): nothing more is recorded for it', async () => {
    const sub = await subscribedClient(server, admin, hook.url, ['points.earned']);
    const m = await createMember(server);
    hook.answerWith(() => 410);
    await earn(m.customer);
    await deliver(server, clock);
    const [row] = await deliveriesOf(server, sub.subscription);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, last_status: 410 });
    expect(await subscriptionRow(server, sub.subscription)).toMatchObject({ enabled: false, disabled_reason: 'gone' });
    hook.answerWith(() => 200);
    await earn(m.customer);
    expect(await deliveriesOf(server, sub.subscription)).toHaveLength(1);
    const listed = await admin.call(W.list, { api_key: sub.client.key }, 'GET');
    expect(listed.json().message).toMatchObject([{ subscription: sub.subscription, enabled: 0, disabled_reason: 'gone' }]);
  });

  it('every attempt failing: 12 attempts over the stated waits (about 3 days), then failed and the subscription disabled (failing)', async () => {
    const sub = await subscribedClient(server, admin, hook.url, ['points.earned']);
    const m = await createMember(server);
    hook.answerWith(() => 503);
    const from = hook.received.length;
    await earn(m.customer);
    // The waits of the contract, written out: 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h six times.
    const waits = [5, 300, 1800, 7200, 18000, 36000, 36000, 36000, 36000, 36000, 36000];
    await deliver(server, clock);
    for (const [i, wait] of waits.entries()) {
      const [pending] = await deliveriesOf(server, sub.subscription);
      expect(pending, `after attempt ${i + 1}`).toMatchObject({ status: 'pending', attempts: i + 1, last_status: 503 });
      expect(pending!.next_attempt_at!.getTime() - pending!.last_attempt_at!.getTime(), `the wait after attempt ${i + 1}`).toBe(wait * SECOND);
      expect(await subscriptionRow(server, sub.subscription)).toMatchObject({ enabled: true });
      travel(wait * SECOND);
      await deliver(server, clock);
      expect(hook.received.length - from).toBe(i + 2);
    }
    const [row] = await deliveriesOf(server, sub.subscription);
    expect(row).toMatchObject({ status: 'failed', attempts: 12, last_status: 503, next_attempt_at: null });
    expect(await subscriptionRow(server, sub.subscription)).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    // "About 3 days" after the first attempt (2.8).
    expect(waits.reduce((a, b) => a + b, 0) / 86400).toBeCloseTo(3, 0);
    hook.answerWith(() => 200);
  });

  it('in order per member: a member’s later event waits while an earlier one to the same endpoint is pending; other members’ do not', async () => {
    const sub = await subscribedClient(server, admin, hook.url, ['points.earned']);
    const a = await createMember(server);
    const b = await createMember(server);
    let first = true;
    hook.answerWith((r) => {
      const body = JSON.parse(r.body) as { data: { customer: string } };
      if (body.data.customer === a.customer && first) {
        first = false;
        return 500;
      }
      return 200;
    });
    const from = hook.received.length;
    const a1 = await earn(a.customer);
    const a2 = await earn(a.customer);
    const b1 = await earn(b.customer);
    await deliver(server, clock);
    expect(since(from).map((r) => r.body.data.receipt_no)).toEqual([a1.receipt_no, b1.receipt_no]);
    // Still waiting for a1's retry: a2 is not sent.
    await deliver(server, clock);
    expect(since(from)).toHaveLength(2);
    travel(5 * SECOND);
    await deliver(server, clock);
    expect(since(from).map((r) => r.body.data.receipt_no)).toEqual([a1.receipt_no, b1.receipt_no, a1.receipt_no, a2.receipt_no]);
    expect((await deliveriesOf(server, sub.subscription)).map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
    await asClient(server, sub.client, W.unsubscribe, { subscription: sub.subscription });
  });

  it('two instances running the job at once on one database send each delivery once', async () => {
    const sub = await subscribedClient(server, admin, hook.url, ['points.earned']);
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(server)));
    for (const m of members) {
      await earn(m.customer);
      await earn(m.customer);
    }
    // Answers take a moment, so both instances are busy at the same time.
    hook.hold();
    const release = setInterval(() => hook.release(), 30);
    hook.answerWith(() => 200);
    const from = hook.received.length;
    const other = server.databaseUrl ? await openDatabase({ dataDir: '', databaseUrl: server.databaseUrl }) : server.database;
    try {
      const sent = await Promise.all([deliver(server, clock), deliver(server, clock, other), deliver(server, clock)]);
      await Promise.all([deliver(server, clock), deliver(server, clock, other)]);
      expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    } finally {
      clearInterval(release);
      hook.release();
      if (other !== server.database) await other.close();
    }
    const ids = since(from).map((r) => r.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    const rows = await deliveriesOf(server, sub.subscription);
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
    // Each member's two events arrived in the order they happened.
    for (const m of members) {
      const mine = since(from).filter((r) => r.body.data.customer === m.customer).map((r) => r.body.data.receipt_no!);
      expect(mine).toEqual([...mine].sort((x, y) => Number(x.slice(3)) - Number(y.slice(3))));
    }
    await asClient(server, sub.client, W.unsubscribe, { subscription: sub.subscription });
  });
});

describe('a revoked client', () => {
  it('is sent nothing more: neither what was pending nor new events', async () => {
    const sub = await subscribedClient(server, admin, hook.url, ['points.earned']);
    const m = await createMember(server);
    await earn(m.customer);
    expect((await admin.call('member_rewards.api_clients.revoke', { api_key: sub.client.key })).statusCode).toBe(200);
    await earn(m.customer);
    await deliver(server, clock);
    expect(hook.received).toHaveLength(0);
    expect(await deliveriesOf(server, sub.subscription)).toMatchObject([{ status: 'pending', attempts: 0 }]);
  });
});

describe('the back office', () => {
  it('redelivers one delivery now (same webhook-id), audited', async () => {
    hook.answerWith(() => 200);
    const sub = await subscribedClient(server, admin, hook.url, ['points.earned']);
    const m = await createMember(server);
    await earn(m.customer);
    await deliver(server, clock);
    const [row] = await deliveriesOf(server, sub.subscription);
    const from = hook.received.length;
    const res = await admin.call(W.redeliver, { delivery: String(row!.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.delivery).toMatchObject({ delivery: String(row!.id), status: 'delivered', attempts: 2, last_status: 200 });
    expect(since(from).map((r) => r.id)).toEqual([row!.event_id]);
    const audit = await server.database.db.select().from(auditLog).where(and(eq(auditLog.ref_doctype, 'API Client'), eq(auditLog.ref_name, sub.client.key)));
    expect(audit.some((a) => JSON.stringify(a).includes('redelivered'))).toBe(true);
    expect((await admin.call(W.redeliver, { delivery: '999999999' })).statusCode).toBe(404);
  });

  it('disables an endpoint (manager) and enables it again: nothing is recorded meanwhile, and what was pending goes once enabled', async () => {
    hook.answerWith(() => 200);
    const sub = await subscribedClient(server, admin, hook.url, ['points.earned']);
    const m = await createMember(server);
    await earn(m.customer); // pending, not yet sent
    const off = await admin.call(W.setEnabled, { subscription: sub.subscription, enabled: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message.subscription).toMatchObject({ enabled: 0, disabled_reason: 'manager' });
    await earn(m.customer);
    const from = hook.received.length;
    await deliver(server, clock);
    expect(hook.received.length).toBe(from);
    expect(await deliveriesOf(server, sub.subscription)).toHaveLength(1);
    const on = await admin.call(W.setEnabled, { subscription: sub.subscription, enabled: 1 });
    expect(on.json().message.subscription).toMatchObject({ enabled: 1, disabled_reason: null });
    await deliver(server, clock);
    expect(hook.received.length).toBe(from + 1);
    const page = await admin.call(W.subscriptionDeliveries, { subscription: sub.subscription }, 'GET');
    expect(page.json().message).toMatchObject({ total: 1, deliveries: [{ status: 'delivered' }] });
  });

  it('subscribes on a client’s behalf (the secret answered once), only a client with the webhooks scope, at most 10 per client', async () => {
    const plain = await createClient(admin, ['points:earn']);
    const refused = await admin.call(W.subscribeFor, { api_key: plain.key, url: hook.url, events: ['points.earned'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_code).toBe('scope_missing');
    const c = await createClient(admin, ['webhooks']);
    for (let i = 0; i < 10; i++) {
      const res = await admin.call(W.subscribeFor, { api_key: c.key, url: `${hook.url}?n=${i}`, events: ['points.earned', 'points.earned'] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message.secret).toMatch(/^whsec_/);
      expect(res.json().message.subscription).toMatchObject({ api_key: c.key, events: ['points.earned'], enabled: 1 });
    }
    const eleventh = await asClient(server, c, W.subscribe, { url: hook.url, events: ['member.created'] });
    expect(eleventh.statusCode).toBe(417);
    const listed = await admin.call(W.list, { api_key: c.key }, 'GET');
    expect(listed.json().message).toHaveLength(10);
    expect(JSON.stringify(listed.json())).not.toContain('whsec_');
    // Another client's subscription is not this one's to end or read.
    const other = await createClient(admin, ['webhooks']);
    const theirs = listed.json().message[0].subscription as string;
    expect((await asClient(server, other, W.unsubscribe, { subscription: theirs })).statusCode).toBe(404);
    expect((await asClient(server, other, W.deliveries, { subscription: theirs }, 'GET')).statusCode).toBe(404);
  });
});
