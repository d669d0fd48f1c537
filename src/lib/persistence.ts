/**
 * Two-tier persistence of the TanStack Query cache.
 *
 * HOW A QUERY IS PERSISTED
 *   Its queryOptions (in src/entities) say so: `meta: { persist: 'sync' | 'idb' }`. Anything else is kept in
 *   memory only. Only successful answers are stored; errors and pending states never. A restored query keeps its
 *   meta, so it goes on being persisted.
 *
 * TIER 'sync' — localStorage, via @tanstack/query-sync-storage-persister
 *   The little the first paint needs: who is signed in (boot), profile, tier and points, the member code seed /
 *   device secret. Read and hydrated SYNCHRONOUSLY before React renders, so /my-id paints its code from a cold
 *   start before IndexedDB has even opened. Keep it small (localStorage is ~5 MB and blocks the main thread).
 *
 * TIER 'idb' — IndexedDB (idb-keyval), one record per query
 *   Bulk data: product lists, information documents, points history, orders, branches, addresses. Each query is
 *   written on its own after every successful fetch, restored all at once at start. Until that restore ends (a
 *   few ms; bounded by RESTORE_TIMEOUT_MS) main.tsx gives useQuery `IsRestoringProvider` (it shows what the cache
 *   has and fetches nothing yet); a query a route loader started meanwhile is filled in by the restore.
 *
 * Both tiers are versioned by the build (`import.meta.env.VITE_BUILD_ID`: another build discards them) and kept
 * MAX_AGE (7 days); the query client's gcTime (CACHE_TIME) is at least as long, so nothing restored is dropped
 * early. Both are wiped when the session ends (a query marked `session: true`, boot, answering as Guest: signed
 * out here or elsewhere), and storage is marked persistent (`navigator.storage.persist()`) once someone is signed in.
 */
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { CACHE_TIME } from './query-client';
import { MAX_AGE, SYNC_STORAGE_KEY } from './persistence-keys';
import { createIdbTier, idbBackend, type IdbBackend } from './persistence-idb';
import { createSyncTier } from './persistence-sync';

export { idbBackend, type IdbBackend, type QueryRecord } from './persistence-idb';

export type PersistTier = 'sync' | 'idb';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      persist?: PersistTier;
      /** Its data is `{ user }`, who is signed in: 'Guest' means the session ended. */
      session?: boolean;
      /**
       * How many of an infinite query's first pages IndexedDB keeps: a restored copy is refetched page by page, so a
       * long list scrolled once would otherwise be fetched whole at every start.
       */
      persistPages?: number;
      /** This device's own (its member-code secret): never read by the server's render of a screen. */
      device?: boolean;
      [key: string]: unknown;
    };
  }
}

export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev';
export { MAX_AGE, SYNC_STORAGE_KEY };
export const RESTORE_TIMEOUT_MS = 1500;
// gcTime >= maxAge, or restored queries would be garbage-collected before they expire.
if (CACHE_TIME < MAX_AGE) throw new Error('CACHE_TIME (gcTime) must be at least the persisters’ MAX_AGE');

/** Which tier a query belongs to, or null for memory only. */
export function tierOf(query: Pick<Query, 'meta'>): PersistTier | null {
  const persist = query.meta?.persist;
  return persist === 'sync' || persist === 'idb' ? persist : null;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined; // blocked storage (privacy settings)
  }
}

export interface PersistenceOptions {
  buster?: string;
  maxAge?: number;
  storage?: Storage;
  idb?: IdbBackend;
  now?: () => number;
}

// ---------------------------------------------------------------------------------------------------------------
// Restore state, for IsRestoringProvider and the router gate

let restoring = true;
const restoreListeners = new Set<() => void>();
function setRestoring(value: boolean) {
  restoring = value;
  for (const l of [...restoreListeners]) l();
}

/** True until the IndexedDB tier has been read (or given up on). */
export function useIsRestoringPersistence(): boolean {
  return useSyncExternalStore(
    (cb) => {
      restoreListeners.add(cb);
      return () => restoreListeners.delete(cb);
    },
    () => restoring,
    () => false,
  );
}

export interface Persistence {
  /** Resolves when the IndexedDB tier is in the cache (or after RESTORE_TIMEOUT_MS at worst). */
  restored: Promise<void>;
  /** Writes everything pending now (sync tier synchronously). */
  flush(): Promise<void>;
  /** Forgets both tiers on this device (sign-out). */
  clearAll(): Promise<void>;
  stop(): void;
}

/**
 * Hydrates the sync tier synchronously, starts restoring the IndexedDB tier, and from then on writes each
 * tier as queries succeed. Call once, before the first render.
 */
export function setupPersistence(client: QueryClient, options: PersistenceOptions = {}): Persistence {
  const buster = options.buster ?? BUILD_ID;
  const maxAge = options.maxAge ?? MAX_AGE;
  const now = options.now ?? Date.now;
  const storage = options.storage ?? safeLocalStorage();
  const idb = options.idb ?? idbBackend;
  const queryCache = client.getQueryCache();
  const fresh = (updatedAt: number) => now() - updatedAt <= maxAge;

  let cleared = false;
  // The sync tier is read now, synchronously; the IndexedDB tier in the background, bounded.
  const sync = createSyncTier({ client, storage, buster, maxAge, now, fresh, belongs: (q) => tierOf(q) === 'sync' });
  const idbTier = createIdbTier({ client, idb, buster, maxAge, fresh, isCleared: () => cleared });
  setRestoring(true);
  const restored = Promise.race([
    idbTier.restore().catch(() => {}),
    new Promise<void>((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS)),
  ]).finally(() => setRestoring(false));

  // ---- session: persistent storage after sign-in, wipe on sign-out
  let askedPersist = false;
  const sessionUser = (query: Query): string | undefined => {
    if (!query.meta?.session) return undefined;
    const data = query.state.data as { user?: unknown } | undefined;
    return typeof data?.user === 'string' ? data.user : undefined;
  };

  const clearAll = async () => {
    cleared = true;
    sync.clear();
    await idbTier.clear();
    cleared = false;
  };

  const unsubscribe = queryCache.subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed' && event.type !== 'added') return;
    const query = event.query;
    if (event.type === 'updated') {
      const user = event.action.type === 'success' ? sessionUser(query) : undefined;
      if (user === 'Guest') {
        void clearAll();
        return;
      }
      if (user && !askedPersist) {
        askedPersist = true;
        void requestPersistentStorage();
      }
    }
    const tier = tierOf(query);
    if (!tier || cleared) return;
    // An invalidation is written too: a query invalidated while no screen showed it (the points after a
    // redemption on another screen) keeps its old data and age, and would otherwise come back as fresh at the next
    // start and show the balance before the redemption until it went stale.
    const written = event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'invalidate');
    if (tier === 'sync') {
      if (event.type === 'removed' || written) sync.save();
    } else if (written) {
      idbTier.save(query);
    } else if (event.type === 'removed') {
      idbTier.forget(query);
    }
  });

  const flush = async () => {
    sync.flush();
    await idbTier.flush();
  };
  const onHide = () => {
    if (document.visibilityState === 'hidden') void flush();
  };
  const onPageHide = () => void flush();
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onHide);
  }

  return {
    restored,
    flush,
    clearAll,
    stop() {
      unsubscribe();
      idbTier.stop();
      if (typeof window !== 'undefined') {
        window.removeEventListener('pagehide', onPageHide);
        document.removeEventListener('visibilitychange', onHide);
      }
    },
  };
}

/**
 * Asks the browser not to evict our storage (the cached data, the outbox). Chromium grants it silently for
 * installed or engaged sites; Safari 17+ supports it. Called after sign-in; harmless when refused.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}

/**
 * When the data on screen was fetched: the oldest `dataUpdatedAt` among the queries a mounted component uses
 * (0 when none has data). The offline banner shows it as "updated 5 min ago".
 */
export function useShownDataUpdatedAt(): number {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  return useSyncExternalStore(
    (cb) => cache.subscribe(cb),
    () => {
      let oldest = Infinity;
      for (const q of cache.getAll()) {
        if (q.getObserversCount() > 0 && q.state.data !== undefined && q.state.dataUpdatedAt > 0) {
          oldest = Math.min(oldest, q.state.dataUpdatedAt);
        }
      }
      return oldest === Infinity ? 0 : oldest;
    },
    () => 0,
  );
}
