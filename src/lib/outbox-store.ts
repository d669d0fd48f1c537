import type { QueryKey } from '@tanstack/react-query';
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { useState, useSyncExternalStore } from 'react';
import type { HttpVerb } from './frappe-request';
import type { ErrorCode } from '../../contracts/errors';

/*
 * The outbox's entries: kept in IndexedDB, mirrored in memory for the screens, in step across tabs (a
 * BroadcastChannel says "changed", the others reload). Sending them is ./outbox-replay.ts.
 */

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

export interface OutboxBackend {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

const CHANNEL_NAME = 'member-rewards-outbox';

let idbStore: UseStore | undefined;
const store = () => (idbStore ??= createStore('member-rewards-outbox', 'entries'));

export const idbOutboxBackend: OutboxBackend = {
  all: async () => (await entries<string, OutboxEntry>(store())).map(([, e]) => e),
  put: (entry) => set(entry.id, entry, store()),
  remove: (id) => del(id, store()),
};

let backend: OutboxBackend = idbOutboxBackend;
let list: readonly OutboxEntry[] = [];
let loaded: Promise<void> | undefined;
let channel: BroadcastChannel | undefined;
const listeners = new Set<() => void>();

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

export async function reload(): Promise<void> {
  try {
    publish(await backend.all());
  } catch {
    // IndexedDB unavailable: keep what we have in memory
  }
}

export async function write(entry: OutboxEntry): Promise<void> {
  publish([...list.filter((e) => e.id !== entry.id), entry]);
  await backend.put(entry);
  announce();
}

export async function remove(id: string): Promise<void> {
  publish(list.filter((e) => e.id !== id));
  await backend.remove(id);
  announce();
}

export function ensureLoaded(): Promise<void> {
  loaded ??= reload();
  return loaded;
}

/** Where the entries are kept (IndexedDB, or a test's memory); they are loaded from there again. */
export function setOutboxBackend(next: OutboxBackend): void {
  backend = next;
}

/** Reloads whenever another tab changes the outbox; returns how to stop. */
export function listenToOtherTabs(): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = () => void reload();
  return () => {
    channel?.close();
    channel = undefined;
  };
}

/** Loads the entries again at the next read (a new start). */
export function forgetLoaded(): void {
  loaded = undefined;
}

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

/** Tests only: back to a clean state. */
export function resetStoreForTests(): void {
  backend = idbOutboxBackend;
  list = [];
  loaded = undefined;
  listeners.clear();
}
