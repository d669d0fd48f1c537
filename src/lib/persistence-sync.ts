import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { CACHE_TIME } from './query-client';
import { SYNC_STORAGE_KEY } from './persistence-keys';
import { storable } from './persistence-idb';

/*
 * The 'sync' tier of the query cache's persistence (./persistence.ts): the little the first paint needs, in
 * localStorage under one key, restored synchronously before React renders.
 */

export interface SyncTierOptions {
  client: QueryClient;
  storage: Storage | undefined;
  buster: string;
  maxAge: number;
  now: () => number;
  /** Whether a copy updated then is young enough to keep. */
  fresh: (updatedAt: number) => boolean;
  /** The queries this tier keeps. */
  belongs: (query: Parameters<typeof storable>[0]) => boolean;
}

/** Hydrates the client from localStorage now, then keeps it written there (throttled, and at once on flush). */
export function createSyncTier({ client, storage, buster, maxAge, now, fresh, belongs }: SyncTierOptions) {
  const persister = createSyncStoragePersister({ storage, key: SYNC_STORAGE_KEY, throttleTime: 1000 });
  const snapshot = (): PersistedClient => ({
    timestamp: now(),
    buster,
    clientState: dehydrate(client, {
      shouldDehydrateQuery: (q) => belongs(q) && storable(q),
      shouldDehydrateMutation: () => false,
    }),
  });
  try {
    const persisted = persister.restoreClient() as PersistedClient | undefined;
    if (persisted) {
      if (persisted.buster !== buster || !fresh(persisted.timestamp)) persister.removeClient();
      else {
        const queries = persisted.clientState.queries.filter((q) => fresh(q.state.dataUpdatedAt));
        hydrate(client, { queries, mutations: [] }, { defaultOptions: { queries: { gcTime: Math.max(CACHE_TIME, maxAge) } } });
      }
    }
  } catch {
    persister.removeClient(); // unreadable: start clean
  }
  let dirty = false;
  return {
    save() {
      dirty = true;
      void persister.persistClient(snapshot());
    },
    flush() {
      if (!dirty || !storage) return;
      try {
        storage.setItem(SYNC_STORAGE_KEY, JSON.stringify(snapshot()));
      } catch {
        // quota: the throttled writer will try again
      }
    },
    clear() {
      dirty = false;
      persister.removeClient();
      try {
        storage?.removeItem(SYNC_STORAGE_KEY);
      } catch {
        // nothing stored
      }
    },
  };
}
