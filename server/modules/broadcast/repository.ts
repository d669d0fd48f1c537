import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { broadcasts } from '../../db/schema/broadcasts';
import { customers } from '../../db/schema/customers';
import { loyaltyPointEntries as E } from '../../db/schema/loyalty';
import { notificationSettings } from '../../db/schema/notifications';
import { hasPushDevice, topicAllowed } from '../notifications/repository';
import { hasMarketingConsent } from '../privacy/repository';

export type BroadcastRow = typeof broadcasts.$inferSelect;

/** A segment as SQL needs it: the filters that are given, the activity window already turned into a first day. */
export interface SegmentQuery {
  tiers?: readonly string[];
  branches?: readonly string[];
  activity?: { active: boolean; since: string };
}

/** Which channels this server can use: a channel it cannot use reaches nobody. */
export interface Channels {
  webpush: boolean;
  line: boolean;
}

/** Earning or redeeming: what makes a member active (the reports' definition, served by lpe_activity_idx). */
const activityOf = (extra: SQL) =>
  sql`exists (select 1 from ${E} where ${E.customer} = ${customers.name} and ${E.entry_type} in ('earn', 'redeem') and ${extra})`;

/** The members of a segment: enabled, not blocked, matching every filter given. */
function segmentWhere(q: SegmentQuery): SQL {
  return and(
    eq(users.enabled, true),
    eq(customers.blocked, false),
    q.tiers ? sql`${customers.loyalty_program_tier} = any(${sql.param([...q.tiers])}::text[])` : undefined,
    q.branches ? activityOf(sql`${E.branch} = any(${sql.param([...q.branches])}::text[])`) : undefined,
    q.activity
      ? q.activity.active
        ? activityOf(sql`${E.posting_date} >= ${q.activity.since}`)
        : sql`not ${activityOf(sql`${E.posting_date} >= ${q.activity.since}`)}`
      : undefined,
  )!;
}

const CAMPAIGNS = 'campaigns';
/** The same rules the fan-out applies: the topic on for the channel, and something to send to. */
const reachesByPush = (ch: Channels) => (ch.webpush ? sql`(${topicAllowed(CAMPAIGNS, 'webpush')} and ${hasPushDevice(users.name)})` : sql`false`);
const reachesByLine = (ch: Channels) => (ch.line ? sql`(${topicAllowed(CAMPAIGNS, 'line')} and ${users.line_sub} is not null)` : sql`false`);

/** A campaign is marketing: it reaches only members who opted in to offers (their latest marketing consent). */
const consenting = hasMarketingConsent(customers.name);

/**
 * How many members of a segment consented to offers (`members`), how many each channel reaches among them, and how
 * many of the segment were left out for want of that consent: one aggregate, no member row leaves the database.
 */
export async function segmentCounts(db: Executor, q: SegmentQuery, ch: Channels) {
  const push = sql`(${consenting} and ${reachesByPush(ch)})`;
  const line = sql`(${consenting} and ${reachesByLine(ch)})`;
  const [row] = await db
    .select({
      members: sql<number>`(count(*) filter (where ${consenting}))::int`,
      left_out_no_consent: sql<number>`(count(*) filter (where not ${consenting}))::int`,
      webpush: sql<number>`(count(*) filter (where ${push}))::int`,
      line: sql<number>`(count(*) filter (where ${line}))::int`,
      reachable: sql<number>`(count(*) filter (where ${push} or ${line}))::int`,
    })
    .from(customers)
    .innerJoin(users, eq(users.name, customers.user))
    .leftJoin(notificationSettings, eq(notificationSettings.user, users.name))
    .where(segmentWhere(q));
  return {
    members: Number(row?.members ?? 0),
    left_out_no_consent: Number(row?.left_out_no_consent ?? 0),
    webpush: Number(row?.webpush ?? 0),
    line: Number(row?.line ?? 0),
    reachable: Number(row?.reachable ?? 0),
  };
}

/**
 * One page of the segment's reachable members who consented to offers (their user names), after `after` in name order: a broadcast walks
 * the segment page by page, so a segment of any size never sits in memory at once.
 */
export async function reachableMembersAfter(db: Executor, q: SegmentQuery, ch: Channels, after: string | null, limit: number): Promise<string[]> {
  const rows = await db
    .select({ user: users.name })
    .from(customers)
    .innerJoin(users, eq(users.name, customers.user))
    .leftJoin(notificationSettings, eq(notificationSettings.user, users.name))
    .where(and(segmentWhere(q), consenting, sql`(${reachesByPush(ch)} or ${reachesByLine(ch)})`, after === null ? undefined : gt(users.name, after)))
    .orderBy(asc(users.name))
    .limit(limit);
  return rows.map((r) => r.user);
}

/** Records a broadcast, unless this manager already sent one with this request key: then null. */
export async function insertBroadcast(tx: Executor, row: typeof broadcasts.$inferInsert): Promise<BroadcastRow | null> {
  const [written] = await tx.insert(broadcasts).values(row).onConflictDoNothing().returning();
  return written ?? null;
}

export async function broadcastByRequest(db: Executor, sentBy: string, requestKey: string): Promise<BroadcastRow | undefined> {
  const [row] = await db.select().from(broadcasts).where(and(eq(broadcasts.sent_by, sentBy), eq(broadcasts.request_key, requestKey))).limit(1);
  return row;
}

export async function setQueued(tx: Executor, id: number, queued: number) {
  await tx.update(broadcasts).set({ queued }).where(eq(broadcasts.id, id));
}

/** Past broadcasts, newest first, with the sender's name, and how many there are in all. */
export async function listBroadcasts(db: Executor, start: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ broadcast: broadcasts, sent_by_name: sql<string>`coalesce(nullif(${users.full_name}, ''), ${broadcasts.sent_by})` })
      .from(broadcasts)
      .leftJoin(users, eq(users.name, broadcasts.sent_by))
      .orderBy(desc(broadcasts.created_at), desc(broadcasts.id))
      .offset(start)
      .limit(limit),
    db.select({ n: count() }).from(broadcasts),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
