/**
 * The offline outbox: address and profile writes are stored in IndexedDB first, then sent in order.
 *
 *   queueWrite({ method, args, verb, label, kind, target, invalidate }) → the entry, at once ('waiting').
 *   useOutbox(filter?) → the entries, live (this tab and others).
 *
 * Each entry's `id` is a client UUID sent as `Idempotency-Key`, so a replay after a lost answer has no second
 * effect (the server answers with its first answer). Replays run in creation order: at start, when the
 * connection returns, when the app becomes visible, after a network failure (backoff), and when the service
 * worker's Background Sync fires (Chromium; it only posts OUTBOX_REPLAY to the page — the request and its
 * CSRF token are always built here, at replay time, by src/lib/frappe.ts).
 *
 *   network failure, 408/409/429/5xx, 401/403 → stays 'waiting' (nothing after it is sent, order kept)
 *   any other 4xx (e.g. 417 validation)      → 'rejected' with the server's message: the member fixes it (its
 *                                            screen sends the corrected change, then discards this) or discards it
 *   2xx                                     → 'saved', and the entry's `invalidate` query keys are refetched
 *
 * One replay at a time across tabs (Web Locks). 'saved' entries stay SAVED_VISIBLE_MS so screens can show
 * "saved", then they are pruned. Nothing queued is lost by closing the app.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { useState, useSyncExternalStore } from 'react';
import { frappe, isFrappeClientError, type HttpVerb } from './frappe';
import type { ErrorCode } from '../../contracts/errors';
import { newIdempotencyKey } from './idempotency-key';
import { isOnline, reportNetworkFailure, reportNetworkSuccess, subscribeOnline } from './online';
import { isOutboxReplay, OUTBOX_SYNC_TAG } from '../../contracts/sw-messages';

export type OutboxState = 'waiting' | 'sending' | 'saved' | 'rejected';

export interface OutboxEntry {
  /** Client UUID, sent as Idempotency-Key. */
  id: string;
  /** Whitelisted method path, e.g. 'headless_e_commerce.api.add_address'. */
  method: string;
  args: Record<string, unknown>;
  verb: Exclude<HttpVerb, 'GET'>;
  /** What the member sees in lists ("Home", "Profile"). */
  label: string;
  /** What the write does, for screens to find their entries: 'address.add', 'profile.update'... */
  kind: string;
  /** The record it changes (an address name), when there is one. */
  target?: string;
  /** Query keys to refetch once it is saved. */
  invalidate: QueryKey[];
  createdAt: number;
  /** Tie-breaker for entries created in the same millisecond. */
  seq: number;
  state: OutboxState;
  /** The server's message of a rejection (or the last transient failure while 'waiting'). */
  error?: string;
  /** The rejection's machine code, when the server gave one: what the screens explain it by. */
  code?: ErrorCode;
  attempts: number;
  savedAt?: number;
  /** The server's answer (`message`) once saved, e.g. the new address with its name. */
  result?: unknown;
}

export interface QueueWriteInput {
  method: string;
  args: Record<string, unknown>;
  verb?: Exclude<HttpVerb, 'GET'>;
  label: string;
  kind: string;
  target?: string;
  invalidate?: QueryKey[];
  /** Reuse a key made earlier for the same user action; a fresh UUID otherwise. */
  id?: string;
}

/** Sends one entry; throws what src/lib/frappe.ts throws. */
export type Transport = (entry: OutboxEntry) => Promise<unknown>;

export interface OutboxBackend {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

export const SAVED_VISIBLE_MS = 10 * 60 * 1000;
const RETRY_MIN_MS = 2000;
const RETRY_MAX_MS = 60_000;
const LOCK_NAME = 'member-rewards-outbox';
const CHANNEL_NAME = 'member-rewards-outbox';

let idbStore: UseStore | undefined;
const store = () => (idbStore ??= createStore('member-rewards-outbox', 'entries'));

export const idbOutboxBackend: OutboxBackend = {
  all: async () => (await entries<string, OutboxEntry>(store())).map(([, e]) => e),
  put: (entry) => set(entry.id, entry, store()),
  remove: (id) => del(id, store()),
};

export const defaultTransport: Transport = (entry) =>
  frappe.call(entry.method, entry.args, { verb: entry.verb, idempotencyKey: entry.id });

// ---------------------------------------------------------------------------------------------------------------
// State

let backend: OutboxBackend = idbOutboxBackend;
let transport: Transport = defaultTransport;
let queryClient: QueryClient | undefined;
let list: readonly OutboxEntry[] = [];
let loaded: Promise<void> | undefined;
let seqCounter = 0;
let replaying: Promise<void> | undefined;
let replayAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = RETRY_MIN_MS;
let channel: BroadcastChannel | undefined;
let now: () => number = Date.now;
const listeners = new Set<() => void>();
/** The error object of each rejection in this tab, so sendWrite can hand the form the real error. */
const rejections = new Map<string, unknown>();

export const byOrder = (a: OutboxEntry, b: OutboxEntry) => a.createdAt - b.createdAt || a.seq - b.seq || a.id.localeCompare(b.id);

function publish(next: OutboxEntry[]) {
  list = [...next].sort(byOrder);
  for (const l of [...listeners]) l();
}

function announce() {
  try {
    channel?.postMessage('changed');
  } catch {
    // closed channel
  }
}

async function reload(): Promise<void> {
  try {
    publish(await backend.all());
  } catch {
    // IndexedDB unavailable: keep what we have in memory
  }
}

async function write(entry: OutboxEntry): Promise<void> {
  publish([...list.filter((e) => e.id !== entry.id), entry]);
  await backend.put(entry);
  announce();
}

async function remove(id: string): Promise<void> {
  publish(list.filter((e) => e.id !== id));
  await backend.remove(id);
  announce();
}

function ensureLoaded(): Promise<void> {
  loaded ??= reload();
  return loaded;
}

// ---------------------------------------------------------------------------------------------------------------
// Public API

/** Current entries in replay order. */
export function getOutbox(): readonly OutboxEntry[] {
  return list;
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React: the outbox entries (optionally only some), in order; re-renders on every change in any tab. */
export function useOutbox(filter?: (entry: OutboxEntry) => boolean): OutboxEntry[] {
  const all = useSyncExternalStore(subscribeOutbox, getOutbox, getOutbox);
  return filter ? all.filter(filter) : [...all];
}

/**
 * React: the refused entry with this id (of a kind `accept` takes), to fix it. Once found it is kept after it
 * leaves the outbox, so the screen fixing it (and its success dialog) outlives the discard of the old entry.
 */
export function useRefusedEntry(id: string | undefined, accept: (entry: OutboxEntry) => boolean): OutboxEntry | undefined {
  const found = useOutbox((e) => e.id === id && e.state === 'rejected' && accept(e))[0];
  const [kept, setKept] = useState<OutboxEntry | undefined>(found);
  if (found && found !== kept) setKept(found);
  return id ? (found ?? kept) : undefined;
}

/**
 * Stores a write in the outbox (shown at once as 'waiting') and tries to send it if online. Resolves with the
 * entry once it is safely in IndexedDB — not when the server has it.
 */
export async function queueWrite(input: QueueWriteInput): Promise<OutboxEntry> {
  await ensureLoaded();
  const entry: OutboxEntry = {
    id: input.id ?? newIdempotencyKey(),
    method: input.method,
    args: input.args,
    verb: input.verb ?? 'POST',
    label: input.label,
    kind: input.kind,
    ...(input.target !== undefined ? { target: input.target } : {}),
    invalidate: input.invalidate ?? [],
    createdAt: now(),
    seq: ++seqCounter,
    state: 'waiting',
    attempts: 0,
  };
  await write(entry);
  if (isOnline()) void replayOutbox();
  else void registerBackgroundSync();
  return entry;
}

/** Drops an entry (a rejected change the member gives up, or a 'saved' one they have seen). */
export async function discardEntry(id: string): Promise<void> {
  await ensureLoaded();
  await remove(id);
}

export interface SendResult {
  entry: OutboxEntry;
  /** True when it could not be sent now: it waits in the outbox ('waiting to sync'). */
  queued: boolean;
  /** The server's answer when saved. */
  result?: unknown;
}

/**
 * A write a form is waiting on: it goes through the outbox (so closing the app loses nothing), and when online
 * this waits (up to `waitMs`) for it to be sent. Saved → `{queued:false, result}`. Rejected → the entry is
 * dropped and the server's error is thrown, so the form shows it next to the field. No answer (offline, slow
 * or lost) → `{queued:true}`: it stays 'waiting to sync' and is replayed later with the same Idempotency-Key.
 */
export async function sendWrite(input: QueueWriteInput, options: { waitMs?: number } = {}): Promise<SendResult> {
  const entry = await queueWrite(input);
  if (!isOnline()) return { entry, queued: true };
  const current = () => list.find((e) => e.id === entry.id);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    replayOutbox(),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, options.waitMs ?? 8000);
    }),
  ]);
  clearTimeout(timer);
  const latest = current();
  if (latest?.state === 'saved') return { entry: latest, queued: false, result: latest.result };
  if (latest?.state === 'rejected') {
    const error = rejections.get(latest.id) ?? new Error(latest.error ?? 'Rejected');
    rejections.delete(latest.id);
    await remove(latest.id);
    throw error;
  }
  return { entry: latest ?? entry, queued: true };
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
  for (const old of list.filter((e) => e.state === 'saved' && (e.savedAt ?? 0) < cutoff)) await remove(old.id);

  const queue = list.filter((e) => e.state === 'waiting' || e.state === 'sending');
  for (const queued of queue) {
    // Re-read: the member may have discarded it meanwhile.
    const current = list.find((e) => e.id === queued.id);
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
    if (!list.some((e) => e.id === sending.id)) continue; // discarded while in flight
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

export interface OutboxOptions {
  queryClient?: QueryClient;
  transport?: Transport;
  backend?: OutboxBackend;
  now?: () => number;
  /** Listen to online/visibility/service-worker/other-tab events (default true). */
  listen?: boolean;
}

let stopListening: (() => void) | undefined;

/** Loads the outbox and replays it now and whenever the connection returns. Call once at start. */
export function startOutbox(options: OutboxOptions = {}): Promise<void> {
  if (options.queryClient) queryClient = options.queryClient;
  if (options.transport) transport = options.transport;
  if (options.backend) backend = options.backend;
  if (options.now) now = options.now;
  if (options.listen !== false && !stopListening && typeof window !== 'undefined') {
    const offOnline = subscribeOnline((up) => {
      if (up) void replayOutbox();
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible' && isOnline()) void replayOutbox();
    };
    document.addEventListener('visibilitychange', onVisible);
    const onSwMessage = (event: MessageEvent) => {
      if (isOutboxReplay(event.data)) void replayOutbox();
    };
    navigator.serviceWorker?.addEventListener('message', onSwMessage);
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(CHANNEL_NAME);
      channel.onmessage = () => void reload();
    }
    stopListening = () => {
      offOnline();
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onSwMessage);
      channel?.close();
      channel = undefined;
    };
  }
  loaded = undefined;
  return ensureLoaded().then(() => {
    if (list.some((e) => e.state === 'waiting' || e.state === 'sending')) {
      if (isOnline()) void replayOutbox();
      else void registerBackgroundSync();
    }
  });
}

/** Tests only: back to a clean state. */
export function resetOutboxForTests(): void {
  stopListening?.();
  stopListening = undefined;
  backend = idbOutboxBackend;
  transport = defaultTransport;
  queryClient = undefined;
  list = [];
  loaded = undefined;
  seqCounter = 0;
  replaying = undefined;
  replayAgain = false;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
  retryDelay = RETRY_MIN_MS;
  now = Date.now;
  listeners.clear();
  rejections.clear();
}
