import type { QueryClient } from '@tanstack/react-query';
import { frappe, isFrappeClientError } from './frappe';
import type { ErrorCode } from '../../contracts/errors';
import { isOnline, reportNetworkFailure, reportNetworkSuccess } from './online';
import { ensureLoaded, getOutbox, reload, remove, write, type OutboxEntry } from './outbox-store';
import { OUTBOX_SYNC_TAG } from '../../contracts/sw-messages';

/*
 * Sending the outbox: its waiting entries in order, one replay at a time (Web Locks across tabs), each answer
 * sorting its entry into saved, rejected or waiting again (then a backoff, and nothing after it goes first).
 */

/** Sends one entry; throws what src/lib/frappe.ts throws. */
export type Transport = (entry: OutboxEntry) => Promise<unknown>;

export const SAVED_VISIBLE_MS = 10 * 60 * 1000;
const RETRY_MIN_MS = 2000;
const RETRY_MAX_MS = 60_000;
const LOCK_NAME = 'member-rewards-outbox';

export const defaultTransport: Transport = (entry) =>
  frappe.call(entry.method, entry.args, { verb: entry.verb, idempotencyKey: entry.id });

let transport: Transport = defaultTransport;
let queryClient: QueryClient | undefined;
let replaying: Promise<void> | undefined;
let replayAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = RETRY_MIN_MS;
let now: () => number = Date.now;
/** The error object of each rejection in this tab, so sendWrite can hand the form the real error. */
const rejections = new Map<string, unknown>();

export interface ReplayOptions {
  queryClient?: QueryClient;
  transport?: Transport;
  now?: () => number;
}

/** What replays use: the cache to refresh once saved, how an entry is sent, the clock (tests set their own). */
export function configureReplay(options: ReplayOptions): void {
  if (options.queryClient) queryClient = options.queryClient;
  if (options.transport) transport = options.transport;
  if (options.now) now = options.now;
}

/** The outbox's clock. */
export const clock = (): number => now();

/** The error a rejected entry was refused with in this tab (once), or undefined. */
export function takeRejection(id: string): unknown {
  const error = rejections.get(id);
  rejections.delete(id);
  return error;
}

type Outcome = 'saved' | 'rejected' | 'transient';

function classify(error: unknown): { outcome: Exclude<Outcome, 'saved'>; message: string; code?: ErrorCode } {
  if (!isFrappeClientError(error)) {
    return { outcome: 'transient', message: error instanceof Error ? error.message : String(error) };
  }
  const s = error.httpStatus;
  if (s === 0 || s === 401 || s === 403 || s === 408 || s === 409 || s === 425 || s === 429 || s >= 500) {
    return { outcome: 'transient', message: error.message };
  }
  return { outcome: 'rejected', message: error.message, code: error.code };
}

function scheduleRetry() {
  if (retryTimer) return;
  const delay = retryDelay;
  retryDelay = Math.min(RETRY_MAX_MS, retryDelay * 2);
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (isOnline()) void replayOutbox();
  }, delay);
}

async function withLock(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) {
    await locks.request(LOCK_NAME, () => fn());
  } else {
    await fn();
  }
}

async function replayOnce(): Promise<void> {
  await reload(); // another tab may have sent or queued entries
  const cutoff = now() - SAVED_VISIBLE_MS;
  for (const old of getOutbox().filter((e) => e.state === 'saved' && (e.savedAt ?? 0) < cutoff)) await remove(old.id);

  const queue = getOutbox().filter((e) => e.state === 'waiting' || e.state === 'sending');
  for (const queued of queue) {
    // Re-read: the member may have discarded it meanwhile.
    const current = getOutbox().find((e) => e.id === queued.id);
    if (!current || (current.state !== 'waiting' && current.state !== 'sending')) continue;
    const sending: OutboxEntry = { ...current, state: 'sending', attempts: current.attempts + 1 };
    await write(sending);
    let outcome: Outcome;
    let message = '';
    let code: ErrorCode | undefined;
    let result: unknown;
    try {
      result = await transport(sending);
      outcome = 'saved';
    } catch (error) {
      ({ outcome, message, code } = classify(error));
      if (outcome === 'rejected') rejections.set(sending.id, error);
      if (isFrappeClientError(error) && error.httpStatus === 0) reportNetworkFailure();
    }
    if (!getOutbox().some((e) => e.id === sending.id)) continue; // discarded while in flight
    if (outcome === 'saved') {
      reportNetworkSuccess();
      retryDelay = RETRY_MIN_MS;
      const saved: OutboxEntry = { ...sending, state: 'saved', savedAt: now(), result: result ?? null };
      delete saved.error;
      delete saved.code;
      await write(saved);
      for (const queryKey of saved.invalidate) void queryClient?.invalidateQueries({ queryKey });
    } else if (outcome === 'rejected') {
      await write({ ...sending, state: 'rejected', error: message, ...(code ? { code } : {}) });
      for (const queryKey of sending.invalidate) void queryClient?.invalidateQueries({ queryKey });
    } else {
      await write({ ...sending, state: 'waiting', error: message });
      scheduleRetry();
      return; // keep the order: nothing after it goes first
    }
  }
}

/** Sends every waiting entry in order (one replay at a time in this tab, one across tabs). */
export function replayOutbox(): Promise<void> {
  if (replaying) {
    replayAgain = true;
    return replaying;
  }
  replaying = (async () => {
    await ensureLoaded();
    do {
      replayAgain = false;
      await withLock(replayOnce);
    } while (replayAgain && isOnline());
  })()
    .catch(() => {
      scheduleRetry();
    })
    .finally(() => {
      replaying = undefined;
    });
  return replaying;
}

/** Asks Chromium's Background Sync to wake the service worker when the connection returns (no-op elsewhere). */
export async function registerBackgroundSync(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
    const reg = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 1000)),
    ]);
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    if (!sync) return false;
    await sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/** Tests only: back to a clean state. */
export function resetReplayForTests(): void {
  transport = defaultTransport;
  queryClient = undefined;
  replaying = undefined;
  replayAgain = false;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
  retryDelay = RETRY_MIN_MS;
  now = Date.now;
  rejections.clear();
}
