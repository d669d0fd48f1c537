import { randomBytes } from 'node:crypto';
import type { RequestContext } from '../../frappe/context';
import { FrappeError, notFound, validationError } from '../../frappe/errors';
import { scopeRefusal } from '../../frappe/api-clients';
import { WEBHOOK_SUBSCRIPTIONS_PER_CLIENT, type WebhookDelivery, type WebhookEvent, type WebhookSubscription } from '../../../contracts/webhooks';
import { audit } from '../audit/service';
import { lockClient } from '../api-clients/repository';
import { checkEndpoint, EndpointRefused } from './address';
import { sendNow } from './delivery';
import {
  claimDelivery, deleteSubscription, deliveriesPage, deliveryById, insertSubscription, listSubscriptions, subscriptionOf, subscriptionsOfClientCount,
  updateSubscription, type DeliveryRow, type SubscriptionWithClient,
} from './repository';

/**
 * Webhook subscriptions: a client manages its own (scope webhooks), a System Manager any client's. Every write is
 * audited on the client it concerns (the secret never is); the secret is answered once, when subscribed.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function subscriptionView(s: SubscriptionWithClient): WebhookSubscription {
  return {
    subscription: s.name,
    api_key: s.api_key,
    client_name: s.client_name,
    url: s.url,
    events: s.events,
    enabled: s.enabled ? 1 : 0,
    disabled_reason: s.disabled_reason,
    created_at: s.created_at.toISOString(),
  };
}

export function deliveryView(d: DeliveryRow): WebhookDelivery {
  return {
    delivery: String(d.id),
    subscription: d.subscription,
    event_id: d.event_id,
    type: d.type,
    customer: d.customer,
    status: d.status as WebhookDelivery['status'],
    attempts: d.attempts,
    next_attempt_at: iso(d.next_attempt_at),
    last_attempt_at: iso(d.last_attempt_at),
    last_status: d.last_status,
    last_response: d.last_response,
    created_at: d.created_at.toISOString(),
  };
}

const subscriptionNotFound = (name: string) => notFound(`Webhook subscription ${name.slice(0, 80)} not found`);
const deliveryNotFound = (name: string) => notFound(`Webhook delivery ${name.slice(0, 40)} not found`);
const clientNotFound = (apiKey: string) =>
  new FrappeError('DoesNotExistError', `API client ${apiKey.slice(0, 80)} not found`, { code: 'api_client_not_found', title: 'Not Found' });

/** The secret in Standard Webhooks' form: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The server's clock (tests move it). */
const nowOf = (ctx: RequestContext) => ctx.request.server.jobs.clock();

async function subscribeFor(ctx: RequestContext, apiKey: string, input: { url: string; events: WebhookEvent[] }) {
  try {
    await checkEndpoint(input.url, ctx.config.production);
  } catch (err) {
    if (err instanceof EndpointRefused) throw validationError(`This URL is not accepted: ${err.message}`, 'webhook_url_refused');
    throw err;
  }
  const secret = newSecret();
  const created = await ctx.db.transaction(async (tx) => {
    // The client's row locked: two subscribes at once count each other.
    const client = await lockClient(tx, apiKey);
    if (!client || client.revoked_at) throw clientNotFound(apiKey);
    if (!client.scopes.includes('webhooks')) throw scopeRefusal('member_rewards.webhooks.subscribe');
    if ((await subscriptionsOfClientCount(tx, apiKey)) >= WEBHOOK_SUBSCRIPTIONS_PER_CLIENT) {
      throw validationError(`An API client may hold at most ${WEBHOOK_SUBSCRIPTIONS_PER_CLIENT} webhook subscriptions`, 'webhook_subscription_limit');
    }
    const row = await insertSubscription(tx, {
      name: `WHS-${randomBytes(8).toString('hex')}`,
      api_key: apiKey,
      url: input.url,
      events: input.events,
      secret,
      created_by: ctx.user.name,
    });
    await audit(ctx, tx, {
      action: 'update',
      doctype: 'API Client',
      name: apiKey,
      after: { webhook_subscription: row.name, url: row.url, events: row.events, enabled: true },
      branch: client.branch,
    });
    return { ...row, client_name: client.client_name };
  });
  return { subscription: subscriptionView(created), secret };
}

/** A client's own subscription; another client's is as missing as one that never was. */
async function ownSubscription(ctx: RequestContext, name: string) {
  const sub = await subscriptionOf(ctx.db, name);
  if (!sub || sub.api_key !== ctx.user.client!.apiKey) throw subscriptionNotFound(name);
  return sub;
}

// ------------------------------------------------------------------------------------------- the client's methods

export function subscribe(ctx: RequestContext, input: { url: string; events: WebhookEvent[] }) {
  return subscribeFor(ctx, ctx.user.client!.apiKey, input);
}

export async function unsubscribe(ctx: RequestContext, input: { subscription: string }) {
  const sub = await ownSubscription(ctx, input.subscription);
  await ctx.db.transaction(async (tx) => {
    await deleteSubscription(tx, sub.name);
    await audit(ctx, tx, {
      action: 'update',
      doctype: 'API Client',
      name: sub.api_key,
      before: { webhook_subscription: sub.name, url: sub.url, events: sub.events },
      after: { webhook_subscription: null },
      branch: null,
    });
  });
  return { subscription: sub.name };
}

export async function clientDeliveries(ctx: RequestContext, input: { subscription?: string; start?: number; limit?: number }) {
  const names = input.subscription
    ? [(await ownSubscription(ctx, input.subscription)).name]
    : (await listSubscriptions(ctx.db, ctx.user.client!.apiKey)).map((s) => s.name);
  const page = await deliveriesPage(ctx.db, names, input.start ?? 0, input.limit ?? 20);
  return { deliveries: page.rows.map(deliveryView), total: page.total };
}

// ------------------------------------------------------------------------------------------- the back office's

export async function allSubscriptions(ctx: RequestContext, input: { api_key?: string }) {
  return (await listSubscriptions(ctx.db, input.api_key)).map(subscriptionView);
}

export function subscribeForClient(ctx: RequestContext, input: { api_key: string; url: string; events: WebhookEvent[] }) {
  return subscribeFor(ctx, input.api_key, input);
}

export async function subscriptionDeliveries(ctx: RequestContext, input: { subscription: string; start?: number; limit?: number }) {
  const sub = await subscriptionOf(ctx.db, input.subscription);
  if (!sub) throw subscriptionNotFound(input.subscription);
  const page = await deliveriesPage(ctx.db, [sub.name], input.start ?? 0, input.limit ?? 20);
  return { deliveries: page.rows.map(deliveryView), total: page.total };
}

/** Sends the delivery again now (the same event id), whatever its status and even to a disabled endpoint. */
export async function redeliver(ctx: RequestContext, input: { delivery: string }) {
  const id = /^\d{1,15}$/.test(input.delivery) ? Number(input.delivery) : null;
  const found = id === null ? null : await deliveryById(ctx.db, id);
  if (!found) throw deliveryNotFound(input.delivery);
  const sub = await subscriptionOf(ctx.db, found.subscription);
  await ctx.db.transaction((tx) =>
    audit(ctx, tx, {
      action: 'update',
      doctype: 'API Client',
      name: sub?.api_key ?? found.subscription,
      before: { webhook_delivery: String(found.id), status: found.status, attempts: found.attempts },
      after: { webhook_delivery: String(found.id), redelivered: true },
      branch: null,
    }),
  );
  const opts = { db: ctx.db, production: ctx.config.production, clock: ctx.request.server.jobs.clock, log: ctx.request.log };
  const sent = await sendNow(opts, (token, leaseUntil) => claimDelivery(ctx.db, found.id, { now: nowOf(ctx), leaseUntil, token }));
  if (!sent) throw new FrappeError('ValidationError', 'This delivery is being sent right now: try again in a moment', { status: 409, title: 'Busy', code: 'webhook_delivery_busy' });
  return { delivery: deliveryView(sent) };
}

export async function setSubscriptionEnabled(ctx: RequestContext, input: { subscription: string; enabled: number }) {
  const enabled = input.enabled === 1;
  const after = await ctx.db.transaction(async (tx) => {
    const sub = await subscriptionOf(tx, input.subscription, true);
    if (!sub) throw subscriptionNotFound(input.subscription);
    const reason = enabled ? null : 'manager';
    await updateSubscription(tx, sub.name, { enabled, disabled_reason: reason });
    await audit(ctx, tx, {
      action: 'update',
      doctype: 'API Client',
      name: sub.api_key,
      before: { webhook_subscription: sub.name, enabled: sub.enabled, disabled_reason: sub.disabled_reason },
      after: { webhook_subscription: sub.name, enabled, disabled_reason: reason },
      branch: null,
    });
    return { ...sub, enabled, disabled_reason: reason };
  });
  return { subscription: subscriptionView(after) };
}
