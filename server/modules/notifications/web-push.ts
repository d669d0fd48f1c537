import webpush from 'web-push';
import type { ServerConfig } from '../../config';
import type { Executor } from '../../db/client';
import { readSetting } from '../settings/repository';
import { settings } from '../../db/schema/auth';

/**
 * Web Push as an adapter: VAPID (RFC 8292) keys and payloads encrypted for the subscription (RFC 8291,
 * aes128gcm) by `web-push`, posted with fetch (web-push's own sender is tied to https.request; the request it
 * builds goes to any endpoint, including a test's local push service).
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_SETTING = 'notifications.vapid_keys';

const isKeys = (value: unknown): value is VapidKeys =>
  typeof value === 'object' && value !== null && typeof (value as VapidKeys).publicKey === 'string' && typeof (value as VapidKeys).privateKey === 'string';

/**
 * The installation's VAPID keys: from the environment; else (not in production) generated once and kept in the
 * database, so every instance and every restart signs with the same pair (a new pair would orphan every
 * subscription). `generated` is true for the call that created them (main.ts prints them once).
 */
export async function vapidKeys(db: Executor, config: ServerConfig): Promise<(VapidKeys & { generated: boolean }) | null> {
  const { publicKey, privateKey } = config.webPush;
  if (publicKey && privateKey) return { publicKey, privateKey, generated: false };
  if (config.production) return null;
  const read = async () => {
    const value = await readSetting(db, VAPID_SETTING);
    return isKeys(value) ? value : null;
  };
  const existing = await read();
  if (existing) return { ...existing, generated: false };
  const fresh = webpush.generateVAPIDKeys();
  // Two instances may race at a first start: the first insert wins and both use it.
  const inserted = await db.insert(settings).values({ key: VAPID_SETTING, value: fresh }).onConflictDoNothing().returning();
  const kept = await read();
  if (!kept) throw new Error('VAPID keys could not be stored');
  return { ...kept, generated: inserted.length > 0 };
}

/**
 * Which endpoints the server may post to. In production only the browsers' push services (PUSH_ENDPOINT_HOSTS),
 * over https: an endpoint is an address a member hands us, and the server must not be made to call anything
 * else. In development any http(s) endpoint, so tests can run a push service of their own.
 */
export function endpointAllowed(config: ServerConfig, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (!config.production) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return config.webPush.allowedHosts.some((h) => host === h || host.endsWith(`.${h}`));
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** sent; gone (404/410: the subscription no longer exists); retry (the service is busy or down); refused (for good). */
export type PushOutcome = { status: 'sent' } | { status: 'gone' } | { status: 'retry'; reason: string } | { status: 'refused'; reason: string };

export async function sendPush(
  keys: VapidKeys,
  config: ServerConfig,
  target: PushTarget,
  payload: string,
  opts: { topic: string; ttlSeconds: number; urgency: 'normal' | 'high' },
): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
    vapidDetails: { subject: config.webPush.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: opts.ttlSeconds,
    urgency: opts.urgency,
    topic: opts.topic,
    contentEncoding: 'aes128gcm',
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch sets the length of the body itself.
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  let res: Response;
  try {
    res = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    return { status: 'retry', reason: `push service unreachable: ${(err as Error).message}` };
  }
  await res.arrayBuffer().catch(() => undefined);
  if (res.status >= 200 && res.status < 300) return { status: 'sent' };
  if (res.status === 404 || res.status === 410) return { status: 'gone' };
  if (res.status === 429 || res.status >= 500) return { status: 'retry', reason: `push service answered ${res.status}` };
  return { status: 'refused', reason: `push service answered ${res.status}` };
}
