import * as v from 'valibot';
import { flag, pageArgs, requiredText } from './args';
import { methodContract } from './contract';

/**
 * Webhooks: an API client with the `webhooks` scope subscribes URLs to events, and each event is sent to them signed
 * per the Standard Webhooks specification (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`: HMAC-SHA256
 * with the subscription's `whsec_` secret). An event is written in the same transaction as the change it reports and
 * delivered by a job: once per subscription whatever the number of server instances, in order per member, retried
 * with exponential backoff for 3 days. A 410 answer, or every attempt failing, disables the subscription. A System
 * Manager sees each subscription's deliveries in the back office, subscribes on a client's behalf, redelivers one,
 * and disables or enables an endpoint.
 */

export const WEBHOOK_EVENTS = [
  'member.created',
  'member.updated',
  'points.earned',
  'points.redeemed',
  'points.reversed',
  'points.expired',
  'points.adjusted',
  'tier.changed',
  'reward.redeemed',
  'reward.confirmed',
  'order.cancelled',
  'hold.captured',
  'hold.released',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The waits before each retry after a failed attempt (seconds): the last is about 3 days after the first attempt. */
export const WEBHOOK_RETRY_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600, 10 * 3600, 10 * 3600, 10 * 3600, 10 * 3600] as const;
/** An attempt that has no answer within this time has failed. */
export const WEBHOOK_TIMEOUT_SECONDS = 15;
/** The most subscriptions one client may hold. */
export const WEBHOOK_SUBSCRIPTIONS_PER_CLIENT = 10;

/**
 * What every event's `data` may carry. Each event fills the fields that describe it: `customer` always; `points` the
 * points the event moved (positive, also for a redemption or reversal; signed only for `points.adjusted`, the one
 * event that may give or take: negative when the adjustment took points) and `balance` the spendable points after it
 * (every event but `member.*`);
 * `receipt_no` and `branch` for a receipt; `tier` and `previous_tier` for a tier change; `order` and `reward_code` for
 * a reward; `hold` for a hold.
 */
export const WebhookDataSchema = v.object({
  customer: v.string(),
  points: v.optional(v.number()),
  balance: v.optional(v.number()),
  receipt_no: v.optional(v.string()),
  branch: v.optional(v.nullable(v.string())),
  tier: v.optional(v.nullable(v.string())),
  previous_tier: v.optional(v.nullable(v.string())),
  order: v.optional(v.string()),
  reward_code: v.optional(v.string()),
  hold: v.optional(v.string()),
});

/** The body of every delivery, as the Standard Webhooks specification shapes it. */
export const WebhookPayloadSchema = v.object({
  type: v.picklist(WEBHOOK_EVENTS),
  /** When the change happened (ISO 8601, UTC). */
  timestamp: v.string(),
  data: WebhookDataSchema,
});
export type WebhookPayload = v.InferOutput<typeof WebhookPayloadSchema>;

export const WebhookSubscriptionSchema = v.object({
  subscription: v.string(),
  api_key: v.string(),
  client_name: v.string(),
  url: v.string(),
  events: v.array(v.string()),
  enabled: v.number(),
  /** Why it was disabled: `gone` (the endpoint answered 410), `failing` (every retry failed), `manager`. */
  disabled_reason: v.nullable(v.string()),
  created_at: v.string(),
});
export type WebhookSubscription = v.InferOutput<typeof WebhookSubscriptionSchema>;

export const WebhookDeliverySchema = v.object({
  delivery: v.string(),
  subscription: v.string(),
  /** The event's id: the `webhook-id` header, the same on every attempt. */
  event_id: v.string(),
  type: v.string(),
  customer: v.string(),
  /** `pending` (waiting for its next attempt), `delivered`, `failed` (gave up). */
  status: v.picklist(['pending', 'delivered', 'failed']),
  attempts: v.number(),
  next_attempt_at: v.nullable(v.string()),
  last_attempt_at: v.nullable(v.string()),
  /** The HTTP status of the last answer (null: no answer, e.g. a timeout or a refused address). */
  last_status: v.nullable(v.number()),
  /** The first 500 characters of the last answer's body, or why there was none. */
  last_response: v.nullable(v.string()),
  created_at: v.string(),
});
export type WebhookDelivery = v.InferOutput<typeof WebhookDeliverySchema>;

const urlArg = v.pipe(
  v.string('url is required'),
  v.trim(),
  v.minLength(1, 'url is required'),
  v.maxLength(2000, 'The URL is too long'),
  v.url('The URL is not a valid address'),
  v.regex(/^https?:\/\//i, 'The URL must start with https://'),
);
const eventsArg = v.pipe(
  v.array(v.picklist(WEBHOOK_EVENTS, `Each event must be one of ${WEBHOOK_EVENTS.join(', ')}`), 'Events must be a list'),
  v.minLength(1, 'Subscribe to at least one event'),
  v.transform((events) => [...new Set(events)]),
);
const subscriptionArg = requiredText('subscription is required', 140);
const deliveriesAnswer = v.object({ deliveries: v.array(WebhookDeliverySchema), total: v.number() });

/** A client subscribes a URL to events (scope webhooks): the subscription, and its signing secret this once. */
export const SUBSCRIBE_WEBHOOK = methodContract(
  'member_rewards.webhooks.subscribe',
  v.looseObject({ url: urlArg, events: eventsArg }),
  v.object({ subscription: WebhookSubscriptionSchema, secret: v.string() }),
);

/** A client ends one of its subscriptions (scope webhooks): nothing more is sent to it. */
export const UNSUBSCRIBE_WEBHOOK = methodContract(
  'member_rewards.webhooks.unsubscribe',
  v.looseObject({ subscription: subscriptionArg }),
  v.object({ subscription: v.string() }),
);

/** A client's deliveries, newest first (scope webhooks), optionally of one subscription. */
export const WEBHOOK_DELIVERIES = methodContract(
  'member_rewards.webhooks.deliveries',
  v.looseObject({ subscription: v.optional(subscriptionArg), ...pageArgs(100) }),
  deliveriesAnswer,
);

/** Back office (System Manager): every subscription, optionally of one client. */
export const WEBHOOK_SUBSCRIPTIONS = methodContract(
  'member_rewards.webhooks.list_subscriptions',
  v.looseObject({ api_key: v.optional(requiredText('api_key is required', 200)) }),
  v.array(WebhookSubscriptionSchema),
);

/** Back office (System Manager): subscribes a URL on a client's behalf; the secret is answered this once. */
export const SUBSCRIBE_WEBHOOK_FOR_CLIENT = methodContract(
  'member_rewards.webhooks.subscribe_for_client',
  v.looseObject({ api_key: requiredText('api_key is required', 200), url: urlArg, events: eventsArg }),
  v.object({ subscription: WebhookSubscriptionSchema, secret: v.string() }),
);

/** Back office (System Manager): one subscription's deliveries, newest first. */
export const SUBSCRIPTION_DELIVERIES = methodContract(
  'member_rewards.webhooks.subscription_deliveries',
  v.looseObject({ subscription: subscriptionArg, ...pageArgs(100) }),
  deliveriesAnswer,
);

/** Back office (System Manager): sends a delivery again now, whatever its status (a new attempt of the same event). */
export const REDELIVER_WEBHOOK = methodContract(
  'member_rewards.webhooks.redeliver',
  v.looseObject({ delivery: requiredText('delivery is required', 140) }),
  v.object({ delivery: WebhookDeliverySchema }),
);

/** Back office (System Manager): disables a failing endpoint, or enables it again. */
export const SET_WEBHOOK_ENABLED = methodContract(
  'member_rewards.webhooks.set_subscription_enabled',
  v.looseObject({ subscription: subscriptionArg, enabled: flag() }),
  v.object({ subscription: WebhookSubscriptionSchema }),
);
