import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, createMember, createTestServer, Session, type TestServer } from '../../support/server';
import { apiKeys, idempotencyKeys, mailOutbox, otpCodes, sessions, smsOutbox, settings } from '../../../server/db/schema/auth';
import { lineOutbox, notificationDeliveries, notificationEvents } from '../../../server/db/schema/notifications';
import { personalDataAccess } from '../../../server/db/schema/privacy';
import { jobs } from '../../../server/db/schema/jobs';
import { webhookDeliveries } from '../../../server/db/schema/webhooks';
import { RETENTION_JOBS } from '../../../server/modules/privacy/retention';

vi.setConfig({ testTimeout: 60_000 });

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 600_000);
afterAll(() => server?.close());

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const db = () => server.database.db;

async function runAll(now = new Date()) {
  for (const run of Object.values(RETENTION_JOBS)) await run(db(), now);
}

describe('development outboxes', () => {
  it('are readable from this machine and by a System Manager, never by anyone else', async () => {
    const remote = new Session(server.app, '203.0.113.9');
    for (const path of ['member_rewards.dev.sms_outbox', 'member_rewards.dev.line_outbox']) {
      expect((await new Session(server.app).call(path, {}, 'GET')).statusCode, path).toBe(200);
      expect((await remote.call(path, {}, 'GET')).statusCode, path).toBe(403);
      // A proxy on this machine forwards every visitor from loopback: forwarded requests are not local.
      const proxied = await new Session(server.app).call(path, {}, 'GET', { 'x-forwarded-for': '198.51.100.7' });
      expect(proxied.statusCode, path).toBe(403);
      const admin = new Session(server.app, '203.0.113.10');
      expect((await admin.login(ADMIN.usr, ADMIN.pwd)).statusCode).toBe(200);
      expect((await admin.call(path, {}, 'GET')).statusCode, path).toBe(200);
    }
  });
});

describe('retention', () => {
  it('drops one-time codes and outbox rows after 7 days, keeps younger ones', async () => {
    await db().insert(otpCodes).values([
      { phone: '0811111111', user: 'x', code_hash: 'h', created_at: ago(8), expires_at: ago(8) },
      { phone: '0811111112', user: 'x', code_hash: 'h', created_at: ago(6), expires_at: ago(6) },
    ]);
    await db().insert(smsOutbox).values([
      { phone: '0811111111', body: 'old 123456', created_at: ago(8) },
      { phone: '0811111112', body: 'new 654321', created_at: ago(1) },
    ]);
    await db().insert(mailOutbox).values([{ to: 'old@example.com', subject: 's', body: 'b', created_at: ago(9) }]);
    await db().insert(lineOutbox).values([{ to: 'Uold', retry_key: 'old-key', messages: [], created_at: ago(9) }]);
    await runAll();
    expect((await db().select().from(otpCodes)).map((r) => r.phone)).toEqual(['0811111112']);
    expect((await db().select().from(smsOutbox)).map((r) => r.body)).toEqual(['new 654321']);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'old@example.com'))).toEqual([]);
    expect(await db().select().from(lineOutbox).where(eq(lineOutbox.to, 'Uold'))).toEqual([]);
  });

  it('drops expired sessions, API tokens and idempotency records; keeps live ones', async () => {
    const m = await createMember(server);
    await db().insert(sessions).values({ sid_hash: 'expired-session', user: m.name, csrf_token: 't', expires_at: ago(1) });
    await db().insert(apiKeys).values({ api_key: 'expired-key', user: m.name, secret_hash: 'h', expires_at: ago(1) });
    await db().insert(idempotencyKeys).values({ principal: m.name, key: 'old', request_hash: 'h', created_at: ago(2) });
    await db().insert(idempotencyKeys).values({ principal: m.name, key: 'new', request_hash: 'h' });
    await runAll();
    expect(await db().select().from(sessions).where(eq(sessions.sid_hash, 'expired-session'))).toEqual([]);
    expect(await db().select().from(apiKeys).where(eq(apiKeys.api_key, 'expired-key'))).toEqual([]);
    expect((await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.principal, m.name))).map((r) => r.key)).toEqual(['new']);
    // The member's own live session still works.
    expect((await m.session.call('member_rewards.api.boot', {}, 'GET')).json().message.user).toBe(m.name);
  });

  it('drops delivered notifications after 90 days, never one still waiting to be delivered', async () => {
    const m = await createMember(server);
    const [old] = await db().insert(notificationEvents).values({ kind: 'points_received', user: m.name, payload: {}, created_at: ago(91) }).returning();
    const [pending] = await db().insert(notificationEvents).values({ kind: 'points_received', user: m.name, payload: {}, created_at: ago(91) }).returning();
    const [recent] = await db().insert(notificationEvents).values({ kind: 'points_received', user: m.name, payload: {}, created_at: ago(30) }).returning();
    await db().insert(notificationDeliveries).values([
      { event_id: old!.id, channel: 'line', target: 'U1', status: 'sent' },
      { event_id: pending!.id, channel: 'line', target: 'U1', status: 'pending' },
    ]);
    await runAll();
    const left = (await db().select().from(notificationEvents).where(eq(notificationEvents.user, m.name))).map((e) => e.id).sort();
    expect(left).toEqual([pending!.id, recent!.id].sort());
  });

  it("drops a webhook delivery 30 days after its event once it is delivered or given up, never one still being tried", async () => {
    const delivery = (event_id: string, status: string, days: number) =>
      ({ subscription: 'WH-RETENTION', event_id, type: 'points.earned', customer: 'CUST-RET', payload: { customer: 'CUST-RET', points: 10 }, status, created_at: ago(days) });
    await db().insert(webhookDeliveries).values([
      delivery('evt-old-delivered', 'delivered', 31),
      delivery('evt-old-failed', 'failed', 31),
      delivery('evt-old-pending', 'pending', 31),
      delivery('evt-recent', 'delivered', 29),
    ]);
    await runAll();
    const left = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.subscription, 'WH-RETENTION'));
    expect(left.map((r) => r.event_id).sort()).toEqual(['evt-old-pending', 'evt-recent']);
  });

  it('drops access-log rows after the configured period (a year unless set)', async () => {
    await db().insert(personalDataAccess).values([
      { user: 'a', role: 'Loyalty Manager', customer: 'C-OLD', what: 'search', created_at: ago(366) },
      { user: 'a', role: 'Loyalty Manager', customer: 'C-MID', what: 'search', created_at: ago(100) },
    ]);
    await runAll();
    expect((await db().select().from(personalDataAccess)).map((r) => r.customer)).toEqual(['C-MID']);
    await db().insert(settings).values({ key: 'privacy.access_log_days', value: 30 });
    await runAll();
    expect(await db().select().from(personalDataAccess)).toEqual([]);
  });

  it('runs each job once a day on the job runner: one job per kind and day, whichever instance gets there', async () => {
    await server.app.jobs.runDue();
    await server.app.jobs.runDue();
    const rows = await db().select().from(jobs).where(like(jobs.kind, 'privacy.retention.%'));
    expect(rows.map((r) => r.kind).sort()).toEqual(Object.keys(RETENTION_JOBS).sort());
    expect(rows.every((r) => r.status === 'done')).toBe(true);
    // Another instance enqueues the same day's slot under the same key: nothing new.
    const [first] = rows;
    await db().insert(jobs).values({ kind: first!.kind, key: first!.key, payload: {} }).onConflictDoNothing();
    expect((await db().select().from(jobs).where(eq(jobs.kind, first!.kind))).length).toBe(1);
  });
});
