import * as v from 'valibot';
import type { ServerConfig } from '../../config';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../frappe/context';
import { FrappeError, validationError } from '../../frappe/errors';
import { hitLimit } from '../../frappe/rate-limit';
import { insertJobs } from '../jobs/repository';
import { GiveUp, RetryLater, type Deferral, type JobContext } from '../jobs/runner';
import {
  eventPayloadSchemas,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TOPICS,
  TOPIC_OF,
  type EventPayload,
  type NotificationChannel,
  type NotificationKind,
  type NotificationLang,
  type NotificationSettings,
  type PushPayload,
  type PushSubscriptionJson,
  type UpdateSettingsArgs,
} from '../../../contracts/notifications';
import { lineMessagingMode, pushLineText } from './line-messaging';
import { lineText, renderEvent } from './messages';
import {
  countSubscriptions,
  deleteOwnSubscription,
  deleteSubscription,
  deliveryWithEvent,
  eventById,
  insertDeliveries,
  insertEventsWithJobs,
  lockSettings,
  markSubscriptionUsed,
  noteDeliveryAttempt,
  reachOf,
  recipient,
  saveSettings,
  setLanguage,
  settingsOf,
  settleDelivery,
  subscriptionById,
  subscriptionsOf,
  trimSubscriptions,
  upsertSubscription,
  type SettingsRow,
} from './repository';
import { endpointAllowed, sendPush, vapidKeys } from './web-push';

export const FANOUT_JOB = 'notifications.fanout';
export const DELIVER_JOB = 'notifications.deliver';
/** A delivery is tried this many times (backoff 30 s … 1 h: about four hours in all) before it is given up. */
const DELIVERY_ATTEMPTS = 10;
const MAX_DEVICES = 10;
const EVENTS_PER_INSERT = 500;

// ---------------------------------------------------------------------------------------------------------------
// The outbox

/**
 * Records an event for one member or many (a broadcast) in the caller's transaction, so it exists exactly when
 * what caused it was committed, and enqueues its fan-out job. `dedupeKey` makes a repeated call harmless (a
 * nightly reminder run twice records one event per member). Answers the ids of the events recorded.
 */
export async function enqueueEvent<K extends NotificationKind>(
  db: Executor,
  kind: K,
  payload: EventPayload<K>,
  opts: { to: string | readonly string[]; dedupeKey?: string },
): Promise<number[]> {
  const checked = v.parse(eventPayloadSchemas[kind], payload);
  const users = [...new Set(typeof opts.to === 'string' ? [opts.to] : opts.to)];
  const ids: number[] = [];
  for (let i = 0; i < users.length; i += EVENTS_PER_INSERT) {
    const chunk = users.slice(i, i + EVENTS_PER_INSERT);
    const created = await insertEventsWithJobs(db, { kind, payload: checked, dedupe_key: opts.dedupeKey ?? null }, chunk, FANOUT_JOB);
    ids.push(...created);
  }
  return ids;
}

/**
 * How many of these members an event of this kind would reach on each channel (a broadcast's preview), by their
 * settings and what they have: a subscribed device, a LINE account. Channels this server cannot use count 0.
 */
export async function reach(db: Executor, config: ServerConfig, kind: NotificationKind, members: readonly string[]) {
  const counts = await reachOf(db, TOPIC_OF[kind], [...new Set(members)]);
  return {
    webpush: (await vapidKeys(db, config)) ? counts.webpush : 0,
    line: lineMessagingMode(config) ? counts.line : 0,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Quiet hours: 21:00–08:00 Bangkok time (UTC+7, no daylight saving time)

const BANGKOK_MS = 7 * 60 * 60_000;
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;

/** When quiet hours end, if `now` falls inside them; null in the day. */
export function quietUntil(now: Date): Date | null {
  const local = new Date(now.getTime() + BANGKOK_MS);
  const hour = local.getUTCHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return null;
  const morning = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), QUIET_UNTIL_HOUR);
  return new Date((hour >= QUIET_FROM_HOUR ? morning + 24 * 60 * 60_000 : morning) - BANGKOK_MS);
}

// ---------------------------------------------------------------------------------------------------------------
// Settings

type Topics = NotificationSettings['topics'];

/** The member's choices over the defaults: every topic on every channel, quiet hours on. */
function resolve(row: SettingsRow | undefined): { topics: Topics; quiet_hours: boolean } {
  const saved = (row?.topics ?? {}) as Partial<Record<string, Partial<Record<NotificationChannel, unknown>>>>;
  const topics = Object.fromEntries(
    NOTIFICATION_TOPICS.map((topic) => [
      topic,
      Object.fromEntries(NOTIFICATION_CHANNELS.map((ch) => [ch, typeof saved[topic]?.[ch] === 'boolean' ? (saved[topic]![ch] as boolean) : true])),
    ]),
  ) as Topics;
  return { topics, quiet_hours: row?.quiet_hours ?? true };
}

const langOf = (language: string | null | undefined): NotificationLang => (language === 'en' ? 'en' : 'th');

export async function getSettings(ctx: RequestContext): Promise<NotificationSettings> {
  const [row, who, devices, keys] = await Promise.all([
    settingsOf(ctx.db, ctx.user.name),
    recipient(ctx.db, ctx.user.name),
    countSubscriptions(ctx.db, ctx.user.name),
    vapidKeys(ctx.db, ctx.config),
  ]);
  return {
    ...resolve(row),
    language: langOf(who?.language),
    channels: {
      webpush: { available: keys !== null, devices },
      line: { available: lineMessagingMode(ctx.config) !== null && Boolean(who?.line_sub) },
    },
  };
}

export async function updateSettings(ctx: RequestContext, args: UpdateSettingsArgs): Promise<NotificationSettings> {
  await ctx.db.transaction(async (tx) => {
    const current = resolve(await lockSettings(tx, ctx.user.name));
    for (const topic of NOTIFICATION_TOPICS) {
      const change = args.topics?.[topic];
      if (change) current.topics[topic] = { ...current.topics[topic], ...change };
    }
    await saveSettings(tx, ctx.user.name, { topics: current.topics, quiet_hours: args.quiet_hours ?? current.quiet_hours });
    if (args.language) await setLanguage(tx, ctx.user.name, args.language);
  });
  return getSettings(ctx);
}

// ---------------------------------------------------------------------------------------------------------------
// Web Push subscriptions

async function requireKeys(ctx: RequestContext) {
  const keys = await vapidKeys(ctx.db, ctx.config);
  if (!keys) throw new FrappeError('ValidationError', 'Notifications on this device are not available on this server', { code: 'push_unavailable' });
  return keys;
}

export async function vapidPublicKey(ctx: RequestContext) {
  return { public_key: (await requireKeys(ctx)).publicKey };
}

export async function subscribe(ctx: RequestContext, subscription: PushSubscriptionJson, language: NotificationLang | undefined) {
  await requireKeys(ctx);
  if (!endpointAllowed(ctx.config, subscription.endpoint)) {
    throw validationError('This push service is not accepted', 'push_endpoint_not_allowed');
  }
  await hitLimit(ctx.db, `notifications:subscribe:${ctx.user.name}`, 30, 60 * 60);
  const userAgent = ctx.request.headers['user-agent'];
  await ctx.db.transaction(async (tx) => {
    const held = await upsertSubscription(tx, {
      user: ctx.user.name,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      user_agent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
    });
    // Someone else's endpoint under other keys would take that member's notifications away from them.
    if (!held) throw new FrappeError('DuplicateEntryError', 'This device’s notifications are registered to another account', { code: 'push_endpoint_in_use' });
    await trimSubscriptions(tx, ctx.user.name, MAX_DEVICES);
    if (language) await setLanguage(tx, ctx.user.name, language);
  });
  return { subscribed: true as const, devices: await countSubscriptions(ctx.db, ctx.user.name) };
}

export async function unsubscribe(ctx: RequestContext, endpoint: string) {
  return { removed: await deleteOwnSubscription(ctx.db, ctx.user.name, endpoint) };
}

// ---------------------------------------------------------------------------------------------------------------
// Jobs: an event becomes deliveries (fan-out), each delivery is sent once (deliver)

/** One delivery per channel the member allows for the event's topic: each subscribed device, and LINE. */
export async function fanOut(ctx: JobContext<{ event: number }>, config: ServerConfig): Promise<void> {
  const event = await eventById(ctx.db, ctx.payload.event);
  if (!event) return; // the member was deleted since
  const who = await recipient(ctx.db, event.user);
  if (!who?.enabled) return;
  const prefs = resolve(await settingsOf(ctx.db, event.user)).topics[TOPIC_OF[event.kind as NotificationKind]];
  if (!prefs) throw new GiveUp(`unknown event kind ${event.kind}`);
  const targets: Array<{ event_id: number; channel: NotificationChannel; target: string }> = [];
  if (prefs.webpush && (await vapidKeys(ctx.db, config))) {
    for (const sub of await subscriptionsOf(ctx.db, event.user)) targets.push({ event_id: event.id, channel: 'webpush', target: String(sub.id) });
  }
  if (prefs.line && who.line_sub && lineMessagingMode(config)) targets.push({ event_id: event.id, channel: 'line', target: who.line_sub });
  await ctx.db.transaction(async (tx) => {
    const created = await insertDeliveries(tx, targets);
    await insertJobs(
      tx,
      created.map((d) => ({ kind: DELIVER_JOB, key: `${DELIVER_JOB}:${d.id}`, payload: { delivery: d.id }, maxAttempts: DELIVERY_ATTEMPTS })),
    );
  });
}

/** Where a link in a LINE message opens: the LIFF app (inside LINE, signed in), else the app itself. */
export function linkFor(config: ServerConfig, path: string): string {
  if (config.liffId) return `https://liff.line.me/${config.liffId}${path}`;
  const base = config.publicUrl.replace(/\/$/, '');
  // Without LINE configured, development's LIFF stand-in plays the same part at /liff.
  return !config.production && !config.line ? `${base}/liff${path}` : `${base}${path}`;
}

/**
 * Sends one delivery, exactly once: a delivery no longer pending is done; quiet hours postpone it to 08:00
 * Bangkok time (unless the member turned them off); a topic turned off since the fan-out drops it; a
 * subscription answered 404/410 is deleted; a busy or failing service is retried with backoff.
 */
export async function deliver(ctx: JobContext<{ delivery: number }>, config: ServerConfig): Promise<void | Deferral> {
  const found = await deliveryWithEvent(ctx.db, ctx.payload.delivery);
  if (!found || found.delivery.status !== 'pending') return;
  const { delivery, event } = found;
  const kind = event.kind as NotificationKind;
  const settle = (status: 'sent' | 'gone' | 'failed', error?: string) =>
    settleDelivery(ctx.db, delivery.id, { status, error, at: ctx.clock(), attempts: ctx.job.attempts });

  const who = await recipient(ctx.db, event.user);
  if (!who?.enabled) return settle('failed', 'member disabled');
  const prefs = resolve(await settingsOf(ctx.db, event.user));
  if (!prefs.topics[TOPIC_OF[kind]]?.[delivery.channel as NotificationChannel]) return settle('failed', 'turned off by the member');
  if (prefs.quiet_hours) {
    const until = quietUntil(ctx.now);
    if (until) return { deferUntil: until };
  }
  const parsed = v.safeParse(eventPayloadSchemas[kind], event.payload);
  if (!parsed.success) throw new GiveUp(`event ${event.id} has a payload its kind does not accept`);
  const rendered = renderEvent(kind, parsed.output as never);
  const lang = langOf(who.language);

  if (delivery.channel === 'webpush') {
    const sub = await subscriptionById(ctx.db, Number(delivery.target));
    if (!sub || sub.user !== event.user) return settle('gone', 'subscription removed');
    const keys = await vapidKeys(ctx.db, config);
    if (!keys) throw new GiveUp('Web Push is not configured');
    if (!endpointAllowed(config, sub.endpoint)) {
      await deleteSubscription(ctx.db, sub.id);
      return settle('failed', 'push endpoint not allowed');
    }
    const body: PushPayload = { v: 1, id: String(event.id), kind, url: rendered.url, lang, title: rendered.title, body: rendered.body };
    const outcome = await sendPush(keys, config, sub, JSON.stringify(body), {
      // Undelivered pushes of the same delivery replace each other at the push service.
      topic: delivery.retry_key.replace(/-/g, ''),
      ttlSeconds: 3 * 24 * 60 * 60,
      urgency: kind === 'campaign' ? 'normal' : 'high',
    });
    if (outcome.status === 'sent') {
      await markSubscriptionUsed(ctx.db, sub.id, ctx.clock());
      return settle('sent');
    }
    if (outcome.status === 'gone') {
      await deleteSubscription(ctx.db, sub.id);
      return settle('gone', 'push service: subscription gone');
    }
    if (outcome.status === 'refused') throw new GiveUp(outcome.reason);
    await noteDeliveryAttempt(ctx.db, delivery.id, ctx.job.attempts, outcome.reason);
    throw new RetryLater(outcome.reason);
  }

  if (delivery.channel === 'line') {
    const outcome = await pushLineText(
      { db: ctx.db, config },
      { to: delivery.target, text: lineText(rendered, lang, linkFor(config, rendered.url)), retryKey: delivery.retry_key },
    );
    if (outcome.status === 'sent') return settle('sent');
    if (outcome.status === 'refused') throw new GiveUp(outcome.reason);
    await noteDeliveryAttempt(ctx.db, delivery.id, ctx.job.attempts, outcome.reason);
    throw new RetryLater(outcome.reason);
  }
  throw new GiveUp(`unknown channel ${delivery.channel}`);
}

/** The last attempt failed: the delivery is recorded as failed (with why). */
export async function deliveryGivenUp(ctx: JobContext<{ delivery: number }>, error: unknown) {
  await settleDelivery(ctx.db, ctx.payload.delivery, {
    status: 'failed',
    error: error instanceof Error ? error.message : String(error),
    at: ctx.clock(),
    attempts: ctx.job.attempts,
  });
}
