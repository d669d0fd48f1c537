import { and, asc, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { jobs } from '../../db/schema/jobs';
import { lineOutbox, notificationDeliveries, notificationEvents, notificationSettings, pushSubscriptions } from '../../db/schema/notifications';

export type EventRow = typeof notificationEvents.$inferSelect;
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type SettingsRow = typeof notificationSettings.$inferSelect;

/**
 * Records one event for several members, each new event with its job (`jobKind`, keyed `jobKind:id`, payload
 * `{event: id}`) in the same statement; an event already there with the same (kind, user, dedupe_key) is left
 * alone, and gets no job. Answers the new events' ids.
 */
export async function insertEventsWithJobs(
  db: Executor,
  event: { kind: string; payload: unknown; dedupe_key: string | null },
  users: readonly string[],
  jobKind: string,
): Promise<number[]> {
  if (users.length === 0) return [];
  const E = notificationEvents;
  const { rows } = (await db.execute(sql`
    with created as (
      insert into ${E} (${sql.identifier(E.kind.name)}, ${sql.identifier(E.user.name)}, ${sql.identifier(E.payload.name)}, ${sql.identifier(E.dedupe_key.name)})
      select ${event.kind}, u, ${JSON.stringify(event.payload)}::jsonb, ${event.dedupe_key}::text
      from jsonb_array_elements_text(${JSON.stringify(users)}::jsonb) u
      on conflict do nothing
      returning ${sql.identifier(E.id.name)}
    ), queued as (
      insert into ${jobs} (${sql.identifier(jobs.kind.name)}, ${sql.identifier(jobs.key.name)}, ${sql.identifier(jobs.payload.name)})
      select ${jobKind}, ${jobKind} || ':' || id, jsonb_build_object('event', id) from created
      on conflict do nothing
    )
    select id::int as id from created`)) as unknown as { rows: { id: number }[] };
  return rows.map((r) => Number(r.id));
}

export async function eventById(db: Executor, id: number): Promise<EventRow | undefined> {
  const [row] = await db.select().from(notificationEvents).where(eq(notificationEvents.id, id)).limit(1);
  return row;
}

/** What the fan-out and the messages need of a member. */
export async function recipient(db: Executor, user: string) {
  const [row] = await db
    .select({ name: users.name, line_sub: users.line_sub, language: users.language, enabled: users.enabled })
    .from(users)
    .where(eq(users.name, user))
    .limit(1);
  return row;
}

export async function setLanguage(db: Executor, user: string, language: string) {
  await db.update(users).set({ language }).where(and(eq(users.name, user), sql`${users.language} <> ${language}`));
}

export async function settingsOf(db: Executor, user: string): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.user, user)).limit(1);
  return row;
}

export async function saveSettings(db: Executor, user: string, values: { topics: unknown; quiet_hours: boolean }) {
  await db
    .insert(notificationSettings)
    .values({ user, topics: values.topics, quiet_hours: values.quiet_hours })
    .onConflictDoUpdate({ target: notificationSettings.user, set: { topics: values.topics, quiet_hours: values.quiet_hours, modified: sql`now()` } });
}

/** Locks the member's settings row (created if missing) so concurrent updates apply one after the other. */
export async function lockSettings(tx: Executor, user: string): Promise<SettingsRow> {
  await tx.insert(notificationSettings).values({ user }).onConflictDoNothing();
  const [row] = await tx.select().from(notificationSettings).where(eq(notificationSettings.user, user)).for('update');
  return row!;
}

// ------------------------------------------------------------------------------------------------ subscriptions

export async function subscriptionsOf(db: Executor, user: string): Promise<SubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user, user)).orderBy(asc(pushSubscriptions.id));
}

export async function countSubscriptions(db: Executor, user: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.user, user));
  return Number(row?.n ?? 0);
}

/**
 * The browser's subscription, now the caller's: an endpoint names one browser profile, so when another member
 * signs in on it (the browser hands over the same keys) the subscription moves to them, and the previous member stops
 * receiving there. An endpoint another member holds with other keys is not the caller's browser: it stays where it
 * is, and the answer is undefined. A member's own endpoint takes the keys it is given (their browser made new ones).
 */
export async function upsertSubscription(
  db: Executor,
  values: { user: string; endpoint: string; p256dh: string; auth: string; user_agent: string | null },
): Promise<SubscriptionRow | undefined> {
  const t = pushSubscriptions;
  const [row] = await db
    .insert(t)
    .values(values)
    .onConflictDoUpdate({
      target: t.endpoint,
      set: { user: values.user, p256dh: values.p256dh, auth: values.auth, user_agent: values.user_agent, created_at: sql`now()` },
      setWhere: sql`${t.user} = ${values.user} or (${t.p256dh} = ${values.p256dh} and ${t.auth} = ${values.auth})`,
    })
    .returning();
  return row;
}

/** Keeps the member's `keep` most recent subscriptions (a phone changed many times leaves dead ones behind). */
export async function trimSubscriptions(db: Executor, user: string, keep: number) {
  const recent = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.user, user))
    .orderBy(desc(pushSubscriptions.created_at), desc(pushSubscriptions.id))
    .limit(keep);
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.user, user), notInArray(pushSubscriptions.id, recent)));
}

/** Only the member's own subscription goes; answers whether one did. */
export async function deleteOwnSubscription(db: Executor, user: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user, user), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function deleteSubscription(db: Executor, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function subscriptionById(db: Executor, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1);
  return row;
}

export async function markSubscriptionUsed(db: Executor, id: number, at: Date) {
  await db.update(pushSubscriptions).set({ last_sent_at: at }).where(eq(pushSubscriptions.id, id));
}

// ------------------------------------------------------------------------------------------------ deliveries

/** Records deliveries; one already there for the same (event, channel, target) is left alone. Answers the new rows. */
export async function insertDeliveries(db: Executor, rows: Array<{ event_id: number; channel: string; target: string }>): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notificationDeliveries).values(rows).onConflictDoNothing().returning();
}

export async function deliveryWithEvent(db: Executor, id: number) {
  const [row] = await db
    .select({ delivery: notificationDeliveries, event: notificationEvents })
    .from(notificationDeliveries)
    .innerJoin(notificationEvents, eq(notificationEvents.id, notificationDeliveries.event_id))
    .where(eq(notificationDeliveries.id, id))
    .limit(1);
  return row;
}

export async function settleDelivery(db: Executor, id: number, values: { status: 'sent' | 'gone' | 'failed'; error?: string; at: Date; attempts: number }) {
  await db
    .update(notificationDeliveries)
    .set({
      status: values.status,
      attempts: values.attempts,
      last_error: values.error?.slice(0, 500) ?? null,
      sent_at: values.status === 'sent' ? values.at : null,
    })
    .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.status, 'pending')));
}

export async function noteDeliveryAttempt(db: Executor, id: number, attempts: number, error: string) {
  await db.update(notificationDeliveries).set({ attempts, last_error: error.slice(0, 500) }).where(eq(notificationDeliveries.id, id));
}

export async function deliveriesOfEvents(db: Executor, eventIds: number[]): Promise<DeliveryRow[]> {
  if (eventIds.length === 0) return [];
  return db.select().from(notificationDeliveries).where(inArray(notificationDeliveries.event_id, eventIds)).orderBy(asc(notificationDeliveries.id));
}

// ------------------------------------------------------------------------------------------------ LINE outbox

export async function lineOutboxList(db: Executor, to: string | undefined, limit: number) {
  const q = db.select().from(lineOutbox).orderBy(desc(lineOutbox.id)).limit(limit).$dynamic();
  return to ? q.where(eq(lineOutbox.to, to)) : q;
}

/** Whether a member's settings (notification_settings, left-joined: unset means on) allow a topic on a channel. */
export const topicAllowed = (topic: string, channel: string) =>
  sql`coalesce((${notificationSettings.topics} -> ${topic} ->> ${channel})::boolean, true)`;

/** Whether the member has a subscribed Web Push device. */
export const hasPushDevice = (user: SQL | typeof users.name) =>
  sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.user} = ${user})`;

/**
 * Of these members, how many each channel would reach for a topic: enabled members whose settings allow it
 * (unset means on) and who have a subscribed device (Web Push) or a LINE account (LINE).
 */
export async function reachOf(db: Executor, topic: string, members: readonly string[]): Promise<{ webpush: number; line: number }> {
  if (members.length === 0) return { webpush: 0, line: 0 };
  const allows = (channel: string) => topicAllowed(topic, channel);
  const [row] = await db
    .select({
      webpush: sql<number>`count(*) filter (where ${allows('webpush')} and ${hasPushDevice(users.name)})::int`,
      line: sql<number>`count(*) filter (where ${allows('line')} and ${users.line_sub} is not null)::int`,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.user, users.name))
    .where(and(eq(users.enabled, true), sql`${users.name} = any(${sql.param([...members])}::text[])`));
  return { webpush: Number(row?.webpush ?? 0), line: Number(row?.line ?? 0) };
}
