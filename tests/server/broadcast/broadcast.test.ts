import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, createMember, createTestServer, Session, type TestServer } from '../../support/server';
import { LocalPushService } from '../../support/push-service';
import { auditOf, errorCode, managers, message } from '../admin/support';
import { users, idempotencyKeys } from '../../../server/db/schema/auth';
import { customers } from '../../../server/db/schema/customers';
import { branches } from '../../../server/db/schema/orders';
import { loyaltyPointEntries } from '../../../server/db/schema/loyalty';
import { notificationDeliveries, notificationEvents } from '../../../server/db/schema/notifications';
import { today } from '../../../contracts/business-day';
import { addDays } from '../../../server/modules/programme/rules';
import { BROADCAST_LIST, BROADCAST_PREVIEW, BROADCAST_SEND } from '../../../contracts/broadcast';
import { PRIVACY_SET_CONSENT } from '../../../contracts/privacy';
import { privacyConsents } from '../../../server/db/schema/privacy';

vi.setConfig({ testTimeout: 60_000 });

const PREVIEW = BROADCAST_PREVIEW.path;
const SEND = BROADCAST_SEND.path;
const LIST = BROADCAST_LIST.path;
/** A branch only this file's members were active at, so the demo data's members stay out of its segments. */
const TEST_BRANCH = 'สาขาทดสอบบรอดแคสต์';
const BULK_BRANCH = 'สาขาทดสอบจำนวนมาก';
const BULK = 2_100;

const message1 = {
  title: { th: 'ลดราคาสุดสัปดาห์', en: 'Weekend sale' },
  body: { th: 'แต้มสองเท่าทุกสาขา เสาร์–อาทิตย์นี้', en: 'Double points at every branch this weekend' },
  url: '/rewards',
};

let server: TestServer;
let loyalty: Session;
let admin: Session;
const push = new LocalPushService();
// Bangkok noon of the business day the segments are counted on: outside quiet hours.
const noon = new Date(`${today()}T05:00:00Z`);

type Who = { name: string; customer: string; session: Session };
const m: Record<'active' | 'lapsed' | 'dormant' | 'optedOut' | 'blocked' | 'pushOnly' | 'noConsent', Who> = {} as never;

async function member(opts: {
  tier: string;
  activityDaysAgo?: number;
  line?: boolean;
  push?: boolean;
  campaignsOff?: boolean;
  /** Offers are opt-in: every member here agreed to them, unless this says they never did. */
  noMarketingConsent?: boolean;
}): Promise<Who> {
  const who = await createMember(server);
  if (!opts.noMarketingConsent) {
    const res = await who.session.call(PRIVACY_SET_CONSENT.path, { purpose: 'marketing', granted: 1 });
    expect(res.statusCode, res.body).toBe(200);
  }
  const db = server.database.db;
  await db.update(customers).set({ loyalty_program_tier: opts.tier, tier_evaluated_on: today() }).where(eq(customers.name, who.customer));
  if (opts.activityDaysAgo !== undefined) {
    const day = addDays(today(), -opts.activityDaysAgo);
    await db.insert(loyaltyPointEntries).values({
      name: `LPE-T-${randomUUID()}`,
      customer: who.customer,
      loyalty_program: 'Member Rewards',
      loyalty_points: 10,
      posting_date: day,
      expiry_date: addDays(day, 365),
      entry_type: 'earn',
      source: 'staff_award',
      branch: TEST_BRANCH,
    });
  }
  if (opts.line) await db.update(users).set({ line_sub: `U${randomUUID().replace(/-/g, '')}` }).where(eq(users.name, who.name));
  if (opts.push) {
    const res = await who.session.call('member_rewards.notifications.subscribe', { subscription: push.subscription() });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (opts.campaignsOff) {
    const res = await who.session.call('member_rewards.notifications.update_settings', { topics: { campaigns: { webpush: false, line: false } } });
    expect(res.statusCode, res.body).toBe(200);
  }
  return who;
}

const send = (session: Session, args: Record<string, unknown>, key: string | null = randomUUID()) =>
  session.call(SEND, args, 'POST', key ? { 'idempotency-key': key } : {});

/** The members a broadcast queued a notification for. */
async function recipients(broadcast: number): Promise<Set<string>> {
  const rows = await server.database.db
    .select({ user: notificationEvents.user })
    .from(notificationEvents)
    .where(and(eq(notificationEvents.kind, 'campaign'), eq(notificationEvents.dedupe_key, `broadcast:${broadcast}`)));
  return new Set(rows.map((r) => r.user));
}

const names = (...who: Who[]) => new Set(who.map((w) => w.name));

beforeAll(async () => {
  await push.start();
  server = await createTestServer({ seedDemo: true }, [], { clock: () => noon });
  await server.database.db.insert(branches).values([
    { name: TEST_BRANCH, branch: TEST_BRANCH },
    { name: BULK_BRANCH, branch: BULK_BRANCH },
  ]);
  ({ loyalty } = await managers(server));
  admin = new Session(server.app);
  await admin.login(ADMIN.usr, ADMIN.pwd);
  m.active = await member({ tier: 'Gold', activityDaysAgo: 3, line: true });
  m.lapsed = await member({ tier: 'Platinum', activityDaysAgo: 60, push: true });
  m.dormant = await member({ tier: 'Gold', line: true, push: true });
  m.optedOut = await member({ tier: 'Gold', activityDaysAgo: 0, line: true, push: true, campaignsOff: true });
  m.blocked = await member({ tier: 'Gold', activityDaysAgo: 1, line: true, push: true });
  m.pushOnly = await member({ tier: 'Silver', push: true });
  // Reachable on both channels and in the branch's segment, but never agreed to offers.
  m.noConsent = await member({ tier: 'Gold', activityDaysAgo: 10, line: true, push: true, noMarketingConsent: true });
  // Blocked after subscribing: a blocked member cannot sign in.
  await server.database.db.update(customers).set({ blocked: true }).where(eq(customers.name, m.blocked.customer));
  await server.database.db.update(users).set({ enabled: false }).where(eq(users.name, m.blocked.name));
}, 180_000);

afterAll(async () => {
  await server?.close();
  await push.close();
});

describe('preview', () => {
  it('counts the segment and each channel, and shows the notification as members will see it', async () => {
    const res = await loyalty.call(PREVIEW, { segment: { branches: [TEST_BRANCH] }, ...message1 });
    expect(res.statusCode, res.body).toBe(200);
    // active (LINE), lapsed (push), optedOut (in the segment, reached by nothing); blocked is never in a segment;
    // noConsent is left out, counted apart.
    expect(res.json().message).toEqual({
      members: 3,
      left_out_no_consent: 1,
      webpush: 1,
      line: 1,
      reachable: 2,
      sample: {
        url: '/rewards',
        th: { title: 'ลดราคาสุดสัปดาห์', body: 'แต้มสองเท่าทุกสาขา เสาร์–อาทิตย์นี้', line_text: expect.stringContaining('ดูรายละเอียด: ') },
        en: { title: 'Weekend sale', body: 'Double points at every branch this weekend', line_text: expect.stringContaining('View details: ') },
      },
    });
    expect(res.json().message.sample.en.line_text).toMatch(/^Weekend sale\nDouble points at every branch this weekend\n\nView details: http.*\/rewards$/);
  });

  it('works as a GET (a read) with the segment as JSON, and writes nothing', async () => {
    const before = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(notificationEvents);
    const res = await loyalty.call(PREVIEW, { segment: { branches: [TEST_BRANCH], last_activity: { mode: 'active', days: 30 } }, ...message1 }, 'GET');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({ members: 2, left_out_no_consent: 1, webpush: 0, line: 1, reachable: 1 });
    const after = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(notificationEvents);
    expect(after).toEqual(before);
  });

  it('a member is reached from the moment they opt in to offers, and no longer once they withdraw', async () => {
    const preview = async () => (await loyalty.call(PREVIEW, { segment: { branches: [TEST_BRANCH] }, ...message1 })).json().message;
    expect(await preview()).toMatchObject({ members: 3, left_out_no_consent: 1, webpush: 1, line: 1, reachable: 2 });
    const on = await m.noConsent.session.call(PRIVACY_SET_CONSENT.path, { purpose: 'marketing', granted: 1 });
    expect(on.statusCode, on.body).toBe(200);
    expect(await preview()).toMatchObject({ members: 4, left_out_no_consent: 0, webpush: 2, line: 2, reachable: 3 });
    const off = await m.noConsent.session.call(PRIVACY_SET_CONSENT.path, { purpose: 'marketing', granted: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(await preview()).toMatchObject({ members: 3, left_out_no_consent: 1, webpush: 1, line: 1, reachable: 2 });
  });

  it('each filter narrows the segment', async () => {
    const counts = async (segment: Record<string, unknown>) => {
      const res = await loyalty.call(PREVIEW, { segment, ...message1 });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().message.members as number;
    };
    expect(await counts({ branches: [TEST_BRANCH] })).toBe(3);
    expect(await counts({ branches: [TEST_BRANCH], tiers: ['Platinum'] })).toBe(1);
    expect(await counts({ branches: [TEST_BRANCH], tiers: ['Gold', 'Platinum'] })).toBe(3);
    expect(await counts({ branches: [TEST_BRANCH], last_activity: { mode: 'active', days: 1 } })).toBe(1); // optedOut, today
    expect(await counts({ branches: [TEST_BRANCH], last_activity: { mode: 'active', days: 4 } })).toBe(2); // and active, 3 days ago
    expect(await counts({ branches: [TEST_BRANCH], last_activity: { mode: 'inactive', days: 30 } })).toBe(1); // lapsed
    expect(await counts({ branches: [TEST_BRANCH], last_activity: { mode: 'inactive', days: 61 } })).toBe(0);
    const everyone = await counts({});
    const gold = await counts({ tiers: ['Gold'] });
    const inactive = await counts({ last_activity: { mode: 'inactive', days: 30 } });
    expect(gold).toBeLessThan(everyone);
    expect(inactive).toBeLessThan(everyone);
    // An empty list filters nothing (an empty multi-select).
    expect(await counts({ tiers: [], branches: [] })).toBe(everyone);
  });
});

describe('send', () => {
  let broadcast: number;
  const key = randomUUID();

  it('queues one campaign notification per member the segment reaches, never a blocked, opted-out or non-consenting member', async () => {
    const preview = (await loyalty.call(PREVIEW, { segment: { branches: [TEST_BRANCH] }, ...message1 })).json().message;
    const res = await send(loyalty, { segment: { branches: [TEST_BRANCH] }, ...message1 }, key);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().message;
    broadcast = answer.broadcast;
    expect(answer).toEqual({ broadcast: expect.any(Number), members: preview.members, webpush: preview.webpush, line: preview.line, queued: preview.reachable });
    expect(await recipients(broadcast)).toEqual(names(m.active, m.lapsed));
    const [event] = await server.database.db.select().from(notificationEvents).where(eq(notificationEvents.user, m.active.name));
    expect(event!.payload).toEqual(message1);
  });

  it('delivers on exactly the channels the preview counted', async () => {
    await server.app.jobs.runDue();
    const rows = await server.database.db
      .select({ user: notificationEvents.user, channel: notificationDeliveries.channel, status: notificationDeliveries.status })
      .from(notificationDeliveries)
      .innerJoin(notificationEvents, eq(notificationEvents.id, notificationDeliveries.event_id))
      .where(eq(notificationEvents.dedupe_key, `broadcast:${broadcast}`));
    expect(rows.sort((a, b) => a.channel.localeCompare(b.channel))).toEqual([
      { user: m.active.name, channel: 'line', status: 'sent' },
      { user: m.lapsed.name, channel: 'webpush', status: 'sent' },
    ]);
    const pushed = push.received.map((r) => JSON.parse(r.plaintext ?? '{}'));
    expect(pushed).toEqual([expect.objectContaining({ kind: 'campaign', url: '/rewards', title: message1.title, body: message1.body })]);
  });

  it('a repeated Idempotency-Key queues nothing more, even once its record has expired', async () => {
    const again = await send(loyalty, { segment: { branches: [TEST_BRANCH] }, ...message1 }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().message).toMatchObject({ broadcast, queued: 2 });
    await server.database.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const later = await send(loyalty, { segment: { branches: [TEST_BRANCH] }, ...message1 }, key);
    expect(later.statusCode).toBe(200);
    expect(later.json().message).toMatchObject({ broadcast, queued: 2 });
    expect((await recipients(broadcast)).size).toBe(2);
    const rows = (await loyalty.call(LIST, {}, 'GET')).json().message;
    expect(rows.total).toBe(1);
  });

  it('is audited in the same transaction: who, role, segment, counts and the texts', async () => {
    const [row] = await auditOf(server, String(broadcast));
    expect(row).toMatchObject({ user: 'loyalty@example.com', role: 'Loyalty Manager', action: 'broadcast', ref_doctype: 'Broadcast', branch: null });
    expect(row!.after).toEqual({
      segment: { branches: [TEST_BRANCH] },
      members: 3,
      webpush: 1,
      line: 1,
      queued: 2,
      title: message1.title,
      body: message1.body,
      url: '/rewards',
    });
  });

  it('lists past broadcasts newest first, a page at a time', async () => {
    const second = await send(loyalty, { segment: { tiers: ['Platinum'], branches: [TEST_BRANCH] }, title: { th: 'ขอบคุณ', en: 'Thank you' }, body: { th: 'ข้อความ', en: 'A message' } });
    expect(second.statusCode, second.body).toBe(200);
    const page = (await loyalty.call(LIST, { start: 0, limit: 1 }, 'GET')).json().message;
    expect(page.total).toBe(2);
    expect(page.rows).toEqual([
      expect.objectContaining({
        broadcast: second.json().message.broadcast,
        sent_by: 'loyalty@example.com',
        role: 'Loyalty Manager',
        segment: { tiers: ['Platinum'], branches: [TEST_BRANCH] },
        title: { th: 'ขอบคุณ', en: 'Thank you' },
        url: null,
        members: 1,
        queued: 1,
      }),
    ]);
    const next = (await loyalty.call(LIST, { start: 1, limit: 1 }, 'GET')).json().message;
    expect(next.rows.map((r: { broadcast: number }) => r.broadcast)).toEqual([broadcast]);
    expect(next.rows[0].sent_by_name).not.toBe('');
  });
});

describe('a large segment', () => {
  it(`queues every member of ${BULK.toLocaleString('en')} exactly once, page by page`, async () => {
    const db = server.database.db;
    const day = today();
    await db.execute(sql`insert into ${users} (name, email, full_name, roles, line_sub)
      select 'bulk' || i || '@example.com', 'bulk' || i || '@example.com', 'Bulk ' || i, array['Member'], 'Ubulk' || i
      from generate_series(1, ${BULK}) as i`);
    await db.execute(sql`insert into ${customers} (name, customer_name, "user", loyalty_program)
      select 'CUST-BULK-' || i, 'Bulk ' || i, 'bulk' || i || '@example.com', 'Member Rewards' from generate_series(1, ${BULK}) as i`);
    await db.execute(sql`insert into ${privacyConsents} (customer, purpose, granted, source, recorded_by)
      select 'CUST-BULK-' || i, 'marketing', true, 'settings', 'bulk' || i || '@example.com' from generate_series(1, ${BULK}) as i`);
    await db.execute(sql`insert into ${loyaltyPointEntries} (name, customer, loyalty_program, loyalty_points, posting_date, expiry_date, entry_type, source, branch)
      select 'LPE-BULK-' || i, 'CUST-BULK-' || i, 'Member Rewards', 5, ${day}::date, ${addDays(day, 365)}::date, 'earn', 'staff_award', ${BULK_BRANCH}
      from generate_series(1, ${BULK}) as i`);
    const args = { segment: { branches: [BULK_BRANCH] }, ...message1 };
    const preview = (await admin.call(PREVIEW, args)).json().message;
    expect(preview).toMatchObject({ members: BULK, line: BULK, webpush: 0, reachable: BULK });
    const res = await send(admin, args);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({ members: BULK, queued: BULK });
    const [row] = await db
      .select({ events: sql<number>`count(*)::int`, members: sql<number>`count(distinct ${notificationEvents.user})::int` })
      .from(notificationEvents)
      .where(eq(notificationEvents.dedupe_key, `broadcast:${res.json().message.broadcast}`));
    expect(row).toEqual({ events: BULK, members: BULK });
  });
});

describe('limits and refusals', () => {
  const tiny = { segment: { branches: [TEST_BRANCH], tiers: ['Platinum'] }, ...message1 };

  it(`answers 429 with its code past the hourly limit; a replayed key is not another send`, async () => {
    // The admin sent one broadcast above (the large segment).
    const keys = [randomUUID(), randomUUID()];
    for (const k of keys) expect((await send(admin, tiny, k)).statusCode).toBe(200);
    const refused = await send(admin, tiny);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ exc_type: 'TooManyRequestsError', error_code: 'broadcast_rate_limited' });
    expect(message(refused)).toBe('At most 3 broadcasts an hour. Please try again later.');
    expect((await send(admin, tiny, keys[0]!)).statusCode).toBe(200);
    // Another manager's limit is their own.
    expect((await send(loyalty, tiny)).statusCode).toBe(200);
  });

  it.each([
    ['an empty Thai title', { ...message1, title: { th: '  ', en: 'Sale' } }, 'Title in Thai is required'],
    ['no title', { body: message1.body }, 'Title is required in Thai and English'],
    ['an English title of 81 characters', { ...message1, title: { th: 'ลดราคา', en: 'x'.repeat(81) } }, 'Title in English must be at most 80 characters'],
    ['a body of 401 characters', { ...message1, body: { th: 'ก'.repeat(401), en: 'x' } }, 'Message in Thai must be at most 400 characters'],
    ['a link to another site', { ...message1, url: 'https://evil.example/rewards' }, 'The link must be an address inside the app, starting with /'],
    ['a protocol-relative link', { ...message1, url: '//evil.example/rewards' }, 'The link must be an address inside the app, starting with /'],
    ['a link to the API', { ...message1, url: '/api/method/logout' }, 'The link must open a screen of the app'],
    ['an unknown segment filter', { ...message1, segment: { tier: ['Gold'] } }, 'A segment takes tiers, branches and last_activity only'],
    ['a window of 0 days', { ...message1, segment: { last_activity: { mode: 'active', days: 0 } } }, 'Days must be a whole number from 1 to 3650'],
  ])('refuses %s with a 417 and says why', async (_what, args, sentence) => {
    for (const method of [PREVIEW, SEND]) {
      const res = await loyalty.call(method, args, 'POST', { 'idempotency-key': randomUUID() });
      expect(res.statusCode, `${method} ${res.body}`).toBe(417);
      expect(res.json().exc_type).toBe('ValidationError');
      expect(message(res)).toBe(sentence);
    }
  });

  it('refuses a tier or branch that does not exist, and a send without an Idempotency-Key', async () => {
    const tier = await loyalty.call(PREVIEW, { ...message1, segment: { tiers: ['Gould'] } });
    expect([tier.statusCode, errorCode(tier), message(tier)]).toEqual([417, 'unknown_tier', 'Unknown tier: Gould']);
    const branch = await loyalty.call(PREVIEW, { ...message1, segment: { branches: ['สาขาไม่มี'] } });
    expect([branch.statusCode, errorCode(branch)]).toEqual([417, 'branch_not_found']);
    const keyless = await send(loyalty, tiny, null);
    expect([keyless.statusCode, errorCode(keyless)]).toEqual([417, 'idempotency_key_required']);
  });
});
