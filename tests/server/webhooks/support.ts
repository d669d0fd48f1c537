import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Session, TestServer } from '../../support/server';
import type { Database } from '../../../server/db/client';
import { webhookDeliveries, webhookSubscriptions } from '../../../server/db/schema/webhooks';
import { deliverDue } from '../../../server/modules/webhooks/delivery';
import type { WebhookEvent } from '../../../contracts/webhooks';
import { asClient, createClient, type Credentials } from '../integration/support';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A webhook receiver on 127.0.0.1: records every request and answers what `answer` says (200 by default). `hold`
 * keeps answers back until `release()`, for tests that need a delivery in flight.
 */
export async function receiver() {
  const received: Received[] = [];
  let answer: (r: Received) => number = () => 200;
  let held: (() => void)[] | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(r);
      const reply = () => {
        res.statusCode = answer(r);
        res.end(res.statusCode >= 400 ? `refused with ${res.statusCode}` : 'ok');
      };
      if (held) held.push(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    answerWith(fn: (r: Received) => number) {
      answer = fn;
    },
    hold() {
      held = [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const reply of waiting) reply();
    },
    /** The bodies received, parsed. */
    bodies: () => received.map((r) => JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof receiver>>;

export const W = {
  subscribe: 'member_rewards.webhooks.subscribe',
  unsubscribe: 'member_rewards.webhooks.unsubscribe',
  deliveries: 'member_rewards.webhooks.deliveries',
  list: 'member_rewards.webhooks.list_subscriptions',
  subscribeFor: 'member_rewards.webhooks.subscribe_for_client',
  subscriptionDeliveries: 'member_rewards.webhooks.subscription_deliveries',
  redeliver: 'member_rewards.webhooks.redeliver',
  setEnabled: 'member_rewards.webhooks.set_subscription_enabled',
} as const;

/** A client with the webhooks scope, subscribed to `events` at `url`: its credentials, subscription and secret. */
export async function subscribedClient(server: TestServer, admin: Session, url: string, events: readonly WebhookEvent[]) {
  const client: Credentials = await createClient(admin, ['webhooks']);
  const res = await asClient(server, client, W.subscribe, { url, events });
  expect(res.statusCode, res.body).toBe(200);
  const { subscription, secret } = res.json().message as { subscription: { subscription: string }; secret: string };
  return { client, subscription: subscription.subscription, secret };
}

/** The delivery job once, on the server's clock (as the runner calls it). */
export const deliver = (server: TestServer, clock: () => Date, db: Database = server.database) =>
  deliverDue({ db: db.db, production: server.config.production, clock });

export const deliveriesOf = (server: TestServer, subscription: string) =>
  server.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscription, subscription)).orderBy(asc(webhookDeliveries.id));

export const subscriptionRow = async (server: TestServer, name: string) =>
  (await server.database.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.name, name)))[0]!;
