import { hydrate, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { clear, createStore, del, entries, setMany, type UseStore } from 'idb-keyval';
import { CACHE_TIME } from './query-client';

/*
 * The 'idb' tier of the query cache's persistence (./persistence.ts): bulk data in IndexedDB, one record per query,
 * each written on its own after a success (batched to the next task) and all restored at once at start.
 */

export interface QueryRecord {
  buster: string;
  queryKey: QueryKey;
  queryHash: string;
  dataUpdatedAt: number;
  data: unknown;
  /** A write since (a redemption, an award) made this copy out of date: the next start fetches it again. */
  invalidated?: boolean;
  meta?: Record<string, unknown>;
}

export interface IdbBackend {
  entries(): Promise<Array<[IDBValidKey, QueryRecord]>>;
  setMany(items: Array<[string, QueryRecord]>): Promise<void>;
  del(key: string): Promise<void>;
  clear(): Promise<void>;
}

let idbStore: UseStore | undefined;
const store = () => (idbStore ??= createStore('member-rewards-cache', 'queries'));

export const idbBackend: IdbBackend = {
  entries: () => entries<IDBValidKey, QueryRecord>(store()),
  setMany: (items) => setMany(items, store()),
  del: (key) => del(key, store()),
  clear: () => clear(store()),
};

/**
 * Writes are batched to the next task only: a longer delay would lose the last answer when the page is closed
 * or reloaded right after it arrived (IndexedDB work started in 'pagehide' may never finish).
 */
const IDB_WRITE_DELAY_MS = 0;

export const storable = (query: Query) => query.state.status === 'success' && query.state.data !== undefined;

/** What the device keeps of a query's data: all of it, or the first `persistPages` pages of an infinite query. */
function keptData(query: Query): unknown {
  const keep = query.meta?.persistPages;
  const data = query.state.data as { pages?: unknown; pageParams?: unknown } | undefined;
  if (typeof keep !== 'number' || !data || !Array.isArray(data.pages) || !Array.isArray(data.pageParams)) return query.state.data;
  return { pages: data.pages.slice(0, keep), pageParams: data.pageParams.slice(0, keep) };
}

export interface IdbTierOptions {
  client: QueryClient;
  idb: IdbBackend;
  buster: string;
  maxAge: number;
  /** Whether a copy updated then is young enough to keep. */
  fresh: (updatedAt: number) => boolean;
  /** True while both tiers are being wiped: a restore that ends meanwhile puts nothing back. */
  isCleared: () => boolean;
}

export function createIdbTier({ client, idb, buster, maxAge, fresh, isCleared }: IdbTierOptions) {
  const pending = new Map<string, Query>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const write = async () => {
    timer = undefined;
    const batch = [...pending.values()];
    pending.clear();
    const items: Array<[string, QueryRecord]> = batch.filter(storable).map((q) => [
      q.queryHash,
      {
        buster,
        queryKey: q.queryKey,
        queryHash: q.queryHash,
        dataUpdatedAt: q.state.dataUpdatedAt,
        data: keptData(q),
        ...(q.state.isInvalidated ? { invalidated: true } : {}),
        ...(q.meta ? { meta: q.meta } : {}),
      },
    ]);
    if (items.length === 0) return;
    try {
      await idb.setMany(items);
    } catch {
      // quota or a closed database: the next success writes again
    }
  };

  const restore = async () => {
    const rows = await idb.entries();
    const queries = [];
    for (const [key, record] of rows) {
      if (!record || record.buster !== buster || !fresh(record.dataUpdatedAt)) {
        void idb.del(String(key)).catch(() => {});
        continue;
      }
      queries.push({
        queryKey: record.queryKey,
        queryHash: record.queryHash,
        meta: record.meta,
        dehydratedAt: record.dataUpdatedAt,
        state: {
          data: record.data,
          dataUpdateCount: 1,
          dataUpdatedAt: record.dataUpdatedAt,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: record.invalidated === true,
          status: 'success' as const,
          fetchStatus: 'idle' as const,
        },
      });
    }
    if (!isCleared()) hydrate(client, { queries, mutations: [] }, { defaultOptions: { queries: { gcTime: Math.max(CACHE_TIME, maxAge) } } });
  };

  return {
    restore,
    save(query: Query) {
      pending.set(query.queryHash, query);
      timer ??= setTimeout(() => void write(), IDB_WRITE_DELAY_MS);
    },
    /** A query gone from the cache: its stored copy stays until it expires or the session ends. */
    forget(query: Query) {
      pending.delete(query.queryHash);
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await write();
    },
    async clear() {
      pending.clear();
      await idb.clear().catch(() => {});
    },
    stop() {
      if (timer) clearTimeout(timer);
    },
  };
}
