/**
 * The offline outbox: address and profile writes are stored in IndexedDB first, then sent in order. Its entries
 * are kept by ./outbox-store.ts and sent by ./outbox-replay.ts; this module is what the app calls.
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
import type { QueryKey } from '@tanstack/react-query';
import { newIdempotencyKey } from './idempotency-key';
import { isOnline, subscribeOnline } from './online';
import {
  ensureLoaded,
  forgetLoaded,
  getOutbox,
  listenToOtherTabs,
  remove,
  resetStoreForTests,
  setOutboxBackend,
  write,
  type OutboxBackend,
  type OutboxEntry,
} from './outbox-store';
import { clock, configureReplay, registerBackgroundSync, replayOutbox, resetReplayForTests, takeRejection, type ReplayOptions } from './outbox-replay';
import type { HttpVerb } from './frappe-request';
import { isOutboxReplay } from '../../contracts/sw-messages';

export { byOrder, getOutbox, idbOutboxBackend, subscribeOutbox, useOutbox, useRefusedEntry } from './outbox-store';
export type { OutboxBackend, OutboxEntry, OutboxState } from './outbox-store';
export { defaultTransport, registerBackgroundSync, replayOutbox, SAVED_VISIBLE_MS } from './outbox-replay';
export type { Transport } from './outbox-replay';

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

let seqCounter = 0;

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
    createdAt: clock(),
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
  const current = () => getOutbox().find((e) => e.id === entry.id);
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
    const error = takeRejection(latest.id) ?? new Error(latest.error ?? 'Rejected');
    await remove(latest.id);
    throw error;
  }
  return { entry: latest ?? entry, queued: true };
}

export interface OutboxOptions extends ReplayOptions {
  backend?: OutboxBackend;
  /** Listen to online/visibility/service-worker/other-tab events (default true). */
  listen?: boolean;
}

let stopListening: (() => void) | undefined;

/** Loads the outbox and replays it now and whenever the connection returns. Call once at start. */
export function startOutbox(options: OutboxOptions = {}): Promise<void> {
  configureReplay(options);
  if (options.backend) setOutboxBackend(options.backend);
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
    const offOtherTabs = listenToOtherTabs();
    stopListening = () => {
      offOnline();
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onSwMessage);
      offOtherTabs();
    };
  }
  forgetLoaded();
  return ensureLoaded().then(() => {
    if (getOutbox().some((e) => e.state === 'waiting' || e.state === 'sending')) {
      if (isOnline()) void replayOutbox();
      else void registerBackgroundSync();
    }
  });
}

/** Tests only: back to a clean state. */
export function resetOutboxForTests(): void {
  stopListening?.();
  stopListening = undefined;
  resetStoreForTests();
  resetReplayForTests();
  seqCounter = 0;
}
