import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client';
import { WEBHOOK_RETRY_SECONDS, WEBHOOK_TIMEOUT_SECONDS } from '../../../contracts/webhooks';
import { auditAs, JOB_ACTOR } from '../audit/service';
import type { Clock } from '../jobs/runner';
import { checkUrl, endpointAddress, EndpointRefused } from './address';
import { claimDueDeliveries, settleAttempt, subscriptionsByName, updateSubscription, type DeliveryRow, type SubscriptionRow } from './repository';

export const DELIVERY_JOB = 'webhooks.deliver';

/** Attempts in all: the first and one per retry wait. */
export const WEBHOOK_ATTEMPTS = WEBHOOK_RETRY_SECONDS.length + 1;
/** How much of an answer is kept on the delivery. */
const ANSWER_KEPT = 500;
/** Deliveries claimed and sent together. */
const BATCH = 20;
/** A claim's lease: longer than one attempt can take, so a live claim is never taken over. */
const LEASE_MS = (WEBHOOK_TIMEOUT_SECONDS + 60) * 1000;

export interface DeliveryOptions {
  db: Db;
  production: boolean;
  clock: Clock;
  log?: FastifyBaseLogger;
}

/** What one attempt came to: an HTTP answer, or none (why in `text`). */
interface Answer {
  status: number | null;
  text: string;
}

/**
 * Posts the body to the endpoint, connecting only to `target` (the address checked just before): the name is never
 * resolved a second time, so a name that answers differently now cannot send the request elsewhere. TLS still
 * verifies the certificate for the URL's host. No redirect is followed (a 3xx is a failed attempt).
 */
function post(url: URL, target: { address: string; family: number }, body: string, headers: Record<string, string>): Promise<Answer> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let done = false;
    const finish = (a: Answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(a);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        ...(net.isIP(host) ? {} : { servername: host }),
        lookup: ((_name: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) =>
          opts.all ? cb(null, [{ address: target.address, family: target.family }]) : cb(null, target.address, target.family)) as never,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.length >= ANSWER_KEPT) {
            finish({ status: res.statusCode ?? null, text: text.slice(0, ANSWER_KEPT) });
            res.destroy();
          }
        });
        res.on('end', () => finish({ status: res.statusCode ?? null, text: text.slice(0, ANSWER_KEPT) }));
        res.on('error', () => finish({ status: res.statusCode ?? null, text: text.slice(0, ANSWER_KEPT) }));
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, text: `No answer within ${WEBHOOK_TIMEOUT_SECONDS} seconds` });
      req.destroy();
    }, WEBHOOK_TIMEOUT_SECONDS * 1000);
    req.on('error', (err: NodeJS.ErrnoException) => finish({ status: null, text: `Could not connect: ${err.code ?? err.message}`.slice(0, ANSWER_KEPT) }));
    req.end(body);
  });
}

/** The signed request of one attempt (Standard Webhooks): the event id is the same on every attempt. */
export function signedHeaders(secret: string, eventId: string, body: string, at: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'MemberRewards-Webhooks/1',
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(eventId, at, body),
  };
}

/** One attempt: the address checked (production), the request sent, the answer. */
async function attempt(sub: SubscriptionRow, d: DeliveryRow, production: boolean): Promise<Answer> {
  try {
    const url = checkUrl(sub.url, production);
    const target = await endpointAddress(url, production);
    const body = JSON.stringify(d.payload);
    // The signature's time is the wall clock's, as the receiver checks it against its own.
    return await post(url, target, body, signedHeaders(sub.secret, d.event_id, body, new Date()));
  } catch (err) {
    if (err instanceof EndpointRefused) return { status: null, text: `Refused: ${err.message}` };
    throw err;
  }
}

/**
 * Records an attempt: a 2xx delivered it; a 410 fails it and disables the subscription at once (`gone`); anything
 * else waits for the next retry, and after the last one fails it and disables the subscription (`failing`).
 */
async function settle(opts: DeliveryOptions, sub: SubscriptionRow, d: DeliveryRow, token: string, answer: Answer): Promise<DeliveryRow | null> {
  const now = opts.clock();
  const attempts = d.attempts + 1;
  const record = { attempts, last_attempt_at: now, last_status: answer.status, last_response: answer.text };
  const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const gone = answer.status === 410;
  const exhausted = !ok && !gone && attempts >= WEBHOOK_ATTEMPTS;
  return opts.db.transaction(async (tx) => {
    const wait = WEBHOOK_RETRY_SECONDS[Math.min(attempts, WEBHOOK_ATTEMPTS - 1) - 1]!;
    const row = await settleAttempt(
      tx,
      d.id,
      token,
      ok
        ? { ...record, status: 'delivered', next_attempt_at: null }
        : gone || exhausted
          ? { ...record, status: 'failed', next_attempt_at: null }
          : { ...record, status: 'pending', next_attempt_at: new Date(now.getTime() + wait * 1000) },
    );
    if (row && (gone || exhausted)) {
      const reason = gone ? 'gone' : 'failing';
      await updateSubscription(tx, sub.name, { enabled: false, disabled_reason: reason });
      await auditAs(JOB_ACTOR, tx, {
        action: 'update',
        doctype: 'API Client',
        name: sub.api_key,
        before: { webhook_subscription: sub.name, enabled: sub.enabled },
        after: { webhook_subscription: sub.name, enabled: false, disabled_reason: reason, delivery: String(d.id), last_status: answer.status },
        branch: null,
      });
    }
    return row;
  });
}

/** Sends claimed deliveries (each attempt recorded by the claim that holds it). */
async function sendClaimed(opts: DeliveryOptions, batch: DeliveryRow[], token: string): Promise<(DeliveryRow | null)[]> {
  const subs = new Map((await subscriptionsByName(opts.db, [...new Set(batch.map((d) => d.subscription))])).map((s) => [s.name, s]));
  return Promise.all(
    batch.map(async (d) => {
      const sub = subs.get(d.subscription);
      if (!sub) return null;
      const answer = await attempt(sub, d, opts.production);
      if (answer.status === null || answer.status < 200 || answer.status >= 300) {
        opts.log?.info({ delivery: d.id, subscription: sub.name, status: answer.status, answer: answer.text.slice(0, 120) }, 'webhook attempt failed');
      }
      return settle(opts, sub, d, token, answer);
    }),
  );
}

const instance = randomBytes(6).toString('hex');
const claimToken = () => `${instance}:${randomBytes(6).toString('hex')}`;

/**
 * The delivery job: claims due deliveries a batch at a time and sends them until none is due (or `max` were sent:
 * five batches of endpoints that all time out stay inside the runner's lease on the job).
 * Any number of instances may run it at once: each row is claimed by one of them (SKIP LOCKED, under a lease),
 * and a member's later event to an endpoint is claimed only once the earlier one is no longer pending.
 */
export async function deliverDue(opts: DeliveryOptions, max = 100): Promise<number> {
  let sent = 0;
  while (sent < max) {
    const now = opts.clock();
    const token = claimToken();
    const batch = await claimDueDeliveries(opts.db, { now, leaseUntil: new Date(now.getTime() + LEASE_MS), token, limit: Math.min(BATCH, max - sent) });
    if (!batch.length) break;
    await sendClaimed(opts, batch, token);
    sent += batch.length;
  }
  return sent;
}

/** A redelivery: one delivery claimed now, whatever its status or its subscription's, and sent at once. */
export async function sendNow(opts: DeliveryOptions, claim: (token: string, leaseUntil: Date) => Promise<DeliveryRow | null>): Promise<DeliveryRow | null> {
  const now = opts.clock();
  const token = claimToken();
  const claimed = await claim(token, new Date(now.getTime() + LEASE_MS));
  if (!claimed) return null;
  const [row] = await sendClaimed(opts, [claimed], token);
  return row ?? null;
}
