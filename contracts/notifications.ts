import * as v from 'valibot';
import { noArgs } from './args';
import { isoDay } from './dates';
import { methodContract } from './contract';

/**
 * Notifications: the events the server records for a member, the member's settings, the Web Push
 * subscription methods, the push payload the service worker shows, and the messages between the page and the
 * service worker about them. Shared by the server (which validates and sends), the app and the service worker.
 */

export const NOTIFICATION_LANGS = ['th', 'en'] as const;
export type NotificationLang = (typeof NOTIFICATION_LANGS)[number];

/** What happened. Each kind has its payload schema below and belongs to one settings topic. */
export const NOTIFICATION_KINDS = [
  'points_received',
  'points_adjusted',
  'points_expiring',
  'reward_ready',
  'reward_collected',
  'order_status',
  'campaign',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What the member turns on or off (one switch per topic and channel on /my-account). */
export const NOTIFICATION_TOPICS = ['points', 'rewards', 'orders', 'expiry', 'campaigns'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export const NOTIFICATION_CHANNELS = ['webpush', 'line'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const TOPIC_OF: Readonly<Record<NotificationKind, NotificationTopic>> = {
  points_received: 'points',
  points_adjusted: 'points',
  points_expiring: 'expiry',
  reward_ready: 'rewards',
  reward_collected: 'rewards',
  order_status: 'orders',
  campaign: 'campaigns',
};

/** An address inside the app ('/reward-history', '/my-order/ACC-SINV-2026-00001'): never another origin. */
export const IN_APP_PATH = /^\/(?![/\\])[^\s\\]{0,300}$/;
export const inAppPathSchema = v.pipe(v.string(), v.regex(IN_APP_PATH, 'An address inside the app is expected'));

const count = v.pipe(v.number(), v.integer());
const docName = v.pipe(v.string(), v.minLength(1), v.maxLength(140));
const text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));
/** A text written in both languages (a broadcast is composed in Thai and English). */
export const bilingualSchema = (max: number) => v.object({ th: text(max), en: text(max) });

/** The payload each kind of event carries (validated when it is recorded). */
export const eventPayloadSchemas = {
  points_received: v.object({
    points: count,
    balance: count,
    source: v.picklist(['purchase', 'staff_award']),
    order: v.optional(docName),
    branch: v.optional(v.nullable(docName)),
  }),
  points_adjusted: v.object({ points: count, balance: count, reason: v.optional(text(200)) }),
  points_expiring: v.object({ points: count, expiry_date: isoDay('expiry_date must be a date (YYYY-MM-DD)'), days: count }),
  reward_ready: v.object({ order: docName, item_name: text(200), branch: v.nullable(docName) }),
  reward_collected: v.object({ order: docName, item_name: text(200), branch: v.nullable(docName) }),
  order_status: v.object({ order: docName, status: v.picklist(['Paid']), points: v.optional(count) }),
  campaign: v.object({ title: bilingualSchema(80), body: bilingualSchema(400), url: v.optional(inAppPathSchema) }),
} satisfies Record<NotificationKind, v.GenericSchema>;

export type EventPayload<K extends NotificationKind> = v.InferOutput<(typeof eventPayloadSchemas)[K]>;

// ---------------------------------------------------------------------------------------------------
// Settings: member_rewards.notifications.get_settings / update_settings

const channelFlags = v.object({ webpush: v.boolean(), line: v.boolean() });

export const notificationSettingsSchema = v.object({
  topics: v.object({
    points: channelFlags,
    rewards: channelFlags,
    orders: channelFlags,
    expiry: channelFlags,
    campaigns: channelFlags,
  }),
  /** No notification between 21:00 and 08:00 Bangkok time; what arrives then is delivered at 08:00. */
  quiet_hours: v.boolean(),
  language: v.picklist(NOTIFICATION_LANGS),
  channels: v.object({
    /** Web Push can be used on this server (VAPID keys), and how many of the member's devices are subscribed. */
    webpush: v.object({ available: v.boolean(), devices: count }),
    /** LINE messages can be sent on this server and the member signed in with LINE. */
    line: v.object({ available: v.boolean() }),
  }),
});
export type NotificationSettings = v.InferOutput<typeof notificationSettingsSchema>;

// Written with the valibot functions the app already uses: valibot is one shared chunk of the first route, so
// a function new to the app (strictObject, partial, url...) would grow it even when only the server needs it.
const flag = v.optional(v.boolean('A notification switch must be true or false'));
const flagChange = v.optional(v.object({ webpush: flag, line: flag }));
const knownTopics = (value: object) => Object.keys(value).every((key) => (NOTIFICATION_TOPICS as readonly string[]).includes(key));
export const updateSettingsArgsSchema = v.looseObject({
  topics: v.optional(
    v.pipe(
      v.looseObject({ points: flagChange, rewards: flagChange, orders: flagChange, expiry: flagChange, campaigns: flagChange }),
      v.check((value) => knownTopics(value), 'Unknown notification topic'),
    ),
  ),
  quiet_hours: v.optional(v.boolean('quiet_hours must be true or false')),
  /** The language notifications are written in (the app's language on this device). */
  language: v.optional(v.picklist(NOTIFICATION_LANGS, 'Unknown language')),
});
export type UpdateSettingsArgs = v.InferOutput<typeof updateSettingsArgsSchema>;

// ---------------------------------------------------------------------------------------------------
// Web Push: member_rewards.notifications.get_vapid_public_key / subscribe / unsubscribe

const base64url = (bytes: number, message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/, message),
    v.check((s) => Math.floor((s.replace(/=+$/, '').length * 3) / 4) === bytes, message),
  );

/** PushSubscription.toJSON() as the browser gives it. */
export const pushSubscriptionSchema = v.object({
  endpoint: v.pipe(
    v.string('A push endpoint is required'),
    v.maxLength(1000, 'This push endpoint is too long'),
    v.regex(/^https?:\/\/[^\s/?#]+(\/[^\s]*)?$/, 'This push endpoint is not an address'),
  ),
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({
    // An uncompressed P-256 public key (65 bytes) and a 16-byte authentication secret (RFC 8291).
    p256dh: base64url(65, 'The subscription key (p256dh) is invalid'),
    auth: base64url(16, 'The subscription secret (auth) is invalid'),
  }),
});
export type PushSubscriptionJson = v.InferOutput<typeof pushSubscriptionSchema>;

export const subscribeArgsSchema = v.looseObject({
  subscription: pushSubscriptionSchema,
  language: v.optional(v.picklist(NOTIFICATION_LANGS, 'Unknown language')),
});
export const subscribeAnswerSchema = v.object({ subscribed: v.literal(true), devices: count });

export const unsubscribeArgsSchema = v.looseObject({
  endpoint: v.pipe(v.string('A push endpoint is required'), v.minLength(1, 'A push endpoint is required'), v.maxLength(1000)),
});
export const unsubscribeAnswerSchema = v.object({ removed: v.boolean() });

export const vapidKeyAnswerSchema = v.object({ public_key: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{80,100}$/)) });

/**
 * The caller's settings: `topics` `{points, rewards, orders, expiry, campaigns}` × `{webpush, line}` (all on by
 * default), `quiet_hours` (on by default), `language` (`th`/`en`: what LINE messages are written in), and which
 * `channels` can reach them.
 */
export const GET_NOTIFICATION_SETTINGS = methodContract('member_rewards.notifications.get_settings', noArgs, notificationSettingsSchema);

/** Changes only what it names; answers the settings as get_settings does. */
export const UPDATE_NOTIFICATION_SETTINGS = methodContract('member_rewards.notifications.update_settings', updateSettingsArgsSchema, notificationSettingsSchema);

/** The key for `pushManager.subscribe`; 417 `push_unavailable` without keys (production without `VAPID_*`). */
export const GET_VAPID_PUBLIC_KEY = methodContract('member_rewards.notifications.get_vapid_public_key', noArgs, vapidKeyAnswerSchema);

/**
 * Stores this device's subscription (`PushSubscription.toJSON()`) for the caller: an endpoint already known moves to
 * the caller (it names one browser); at most 10 devices a member (the oldest go); production accepts only
 * `PUSH_ENDPOINT_HOSTS` (417 `push_endpoint_not_allowed`); 30 an hour.
 */
export const SUBSCRIBE_PUSH = methodContract('member_rewards.notifications.subscribe', subscribeArgsSchema, subscribeAnswerSchema);

/** Deletes the caller's own subscription with that endpoint (another member's is never touched). */
export const UNSUBSCRIBE_PUSH = methodContract('member_rewards.notifications.unsubscribe', unsubscribeArgsSchema, unsubscribeAnswerSchema);

// ---------------------------------------------------------------------------------------------------
// What the server pushes (the plaintext of the RFC 8291 payload) and the service worker shows.

export const PUSH_PAYLOAD_VERSION = 1;
export const pushPayloadSchema = v.object({
  v: v.literal(PUSH_PAYLOAD_VERSION),
  /** The event's id: the notification's tag, so a repeated delivery replaces instead of stacking. */
  id: v.pipe(v.string(), v.maxLength(40)),
  kind: v.picklist(NOTIFICATION_KINDS),
  /** Where a tap goes. */
  url: inAppPathSchema,
  /** The member's language as the server knows it; the worker prefers the language the app uses on this device. */
  lang: v.picklist(NOTIFICATION_LANGS),
  title: bilingualSchema(120),
  body: bilingualSchema(500),
});
export type PushPayload = v.InferOutput<typeof pushPayloadSchema>;

/** The app's language on this device, posted to the service worker so notifications use it. */
export const SET_LANGUAGE = 'SET_LANGUAGE';
export const setLanguageMessageSchema = v.object({ type: v.literal(SET_LANGUAGE), lang: v.picklist(NOTIFICATION_LANGS) });
export type SetLanguageMessage = v.InferOutput<typeof setLanguageMessageSchema>;

// ---------------------------------------------------------------------------------------------------
// Development LINE outbox (member_rewards.dev.line_outbox)

export const lineOutboxAnswerSchema = v.array(
  v.object({ to: v.string(), retry_key: v.string(), text: v.string(), created_at: v.string() }),
);

/**
 * Development only: the LINE outbox, newest first, what would have been pushed; 404 with `LINE_CHANNEL_ACCESS_TOKEN` or
 * in production. Readable only from the server's own machine (loopback, not through a proxy) or by a System Manager:
 * 403 otherwise.
 */
export const LINE_OUTBOX = methodContract(
  'member_rewards.dev.line_outbox',
  v.looseObject({ to: v.optional(v.pipe(v.string(), v.maxLength(100))), limit: v.optional(v.string()) }),
  lineOutboxAnswerSchema,
);
