import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { Executor } from '../../db/client';
import { WebhookPayloadSchema, type WebhookEvent, type WebhookPayload } from '../../../contracts/webhooks';
import { spendableOf } from '../loyalty/balance';
import { insertDeliveries, insertDeliveriesToSubscribers, subscribersOf } from './repository';

/** What an event says besides its type: the contract's `data` (the customer always). */
export type EventData = WebhookPayload['data'];

/** Events about a member's profile carry no balance; every other one says what the member can spend after it. */
const WITHOUT_BALANCE = new Set<WebhookEvent>(['member.created', 'member.updated']);

/** An event's id: the `webhook-id` header of every attempt of every delivery of it (Standard Webhooks' `msg_…`). */
const eventId = () => `msg_${randomBytes(16).toString('base64url')}`;

/**
 * Records an event for the brand's systems in the caller's transaction, so it exists exactly when the change it
 * reports was committed: one delivery row per enabled subscription to it (of a client not revoked), sent by the
 * delivery job. With no subscriber it writes nothing and reads nothing more. `balance`, when the caller has not
 * given it, is the member's spendable points now, in this transaction (after the change).
 */
export async function recordEvent(tx: Executor, type: WebhookEvent, data: EventData): Promise<void> {
  const subscribers = await subscribersOf(tx, type);
  if (!subscribers.length) return;
  const full = data.balance === undefined && !WITHOUT_BALANCE.has(type) ? { ...data, balance: await spendableOf(tx, data.customer) } : data;
  const payload = v.parse(WebhookPayloadSchema, { type, timestamp: new Date().toISOString(), data: full });
  const id = eventId();
  await insertDeliveries(
    tx,
    subscribers.map((s) => ({ subscription: s.name, event_id: id, type, customer: data.customer, payload, next_attempt_at: new Date() })),
  );
}

/**
 * recordEvent for several events whose data is complete (the balance given where the event carries one), in one
 * statement whether or not anyone subscribes: for a hot path that reports more than one event of one change.
 */
export async function recordEvents(tx: Executor, events: readonly { type: WebhookEvent; data: EventData }[]): Promise<void> {
  const timestamp = new Date();
  await insertDeliveriesToSubscribers(
    tx,
    events.map(({ type, data }) => ({
      event_id: eventId(),
      type,
      customer: data.customer,
      payload: v.parse(WebhookPayloadSchema, { type, timestamp: timestamp.toISOString(), data }),
    })),
    timestamp,
  );
}
