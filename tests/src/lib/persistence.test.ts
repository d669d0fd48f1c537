import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYNC_STORAGE_KEY, MAX_AGE, setupPersistence, tierOf, type IdbBackend, type Persistence, type QueryRecord } from '@/lib/persistence';
import { CACHE_TIME } from '@/lib/query-client';

function memoryIdb(): IdbBackend & { map: Map<string, QueryRecord> } {
  const map = new Map<string, QueryRecord>();
  return {
    map,
    entries: async () => [...map.entries()].map(([k, v]) => [k, structuredClone(v)] as [string, QueryRecord]),
    setMany: async (items) => items.forEach(([k, v]) => map.set(k, structuredClone(v))),
    del: async (k) => void map.delete(k),
    clear: async () => map.clear(),
  };
}

let idb: ReturnType<typeof memoryIdb>;
let now = Date.now();
const running: Persistence[] = [];

/** One "app start": a fresh QueryClient restored from the same storage. */
function start(buster = 'build-1') {
  const client = new QueryClient({ defaultOptions: { queries: { gcTime: CACHE_TIME, retry: false } } });
  const p = setupPersistence(client, { buster, storage: localStorage, idb, now: () => now });
  running.push(p);
  return { client, p };
}

const SYNC = { persist: 'sync' } as const;
const IDB = { persist: 'idb' } as const;
const SESSION = { persist: 'sync', session: true } as const;

const fetchInto = (client: QueryClient, queryKey: readonly unknown[], data: unknown, meta?: Record<string, unknown>) =>
  client.fetchQuery({ queryKey, queryFn: async () => data, ...(meta ? { meta } : {}) });

beforeEach(() => {
  localStorage.clear();
  idb = memoryIdb();
  now = Date.now();
});
afterEach(() => {
  for (const p of running.splice(0)) p.stop();
});

describe('persistence tiers', () => {
  it('puts a query where its meta says, and nothing else anywhere', () => {
    expect(tierOf({ meta: { persist: 'sync' } })).toBe('sync');
    expect(tierOf({ meta: { persist: 'idb' } })).toBe('idb');
    expect(tierOf({ meta: undefined })).toBeNull();
    expect(tierOf({ meta: { other: 1 } })).toBeNull();
  });

  it('hydrates the member code and profile synchronously at the next start, and never stores other keys there', async () => {
    const first = start();
    await fetchInto(first.client, ['member-code'], { seed: 'S3CR3T', code: 'MBR000123' }, SYNC);
    await fetchInto(first.client, ['profile'], { full_name: 'Somchai Jaidee' }, SYNC);
    await fetchInto(first.client, ['products', 'home'], [{ item_code: 'A' }], IDB);
    await fetchInto(first.client, ['memory-only'], 1);
    await first.p.flush();

    const stored = JSON.parse(localStorage.getItem(SYNC_STORAGE_KEY)!) as { clientState: { queries: Array<{ queryKey: unknown[] }> } };
    expect(stored.clientState.queries.map((q) => q.queryKey[0]).sort()).toEqual(['member-code', 'profile']);

    const second = start();
    // No await: the data is there before the first render.
    expect(second.client.getQueryData(['member-code'])).toEqual({ seed: 'S3CR3T', code: 'MBR000123' });
    expect(second.client.getQueryData(['profile'])).toEqual({ full_name: 'Somchai Jaidee' });
    expect(second.client.getQueryData(['memory-only'])).toBeUndefined();
  });

  it("keeps an infinite query's first pages only, as many as its meta says; other infinite queries whole", async () => {
    const pages = { pages: [['newest'], ['older'], ['oldest']], pageParams: [null, 'c1', 'c2'] };
    const first = start();
    first.client.getQueryCache().build(first.client, { queryKey: ['history'], meta: { persist: 'idb', persistPages: 1 } }).setData(pages);
    first.client.getQueryCache().build(first.client, { queryKey: ['orders'], meta: { persist: 'idb' } }).setData(pages);
    await first.p.flush();
    // The app goes on showing every page it has.
    expect(first.client.getQueryData(['history'])).toEqual(pages);

    const second = start();
    await second.p.restored;
    expect(second.client.getQueryData(['history'])).toEqual({ pages: [['newest']], pageParams: [null] });
    expect(second.client.getQueryData(['orders'])).toEqual(pages);
  });

  it('stores bulk queries one record each in IndexedDB and restores them with their age', async () => {
    const first = start();
    await fetchInto(first.client, ['points', 'history'], [{ points: 120 }], IDB);
    const fetchedAt = first.client.getQueryState(['points', 'history'])!.dataUpdatedAt;
    await fetchInto(first.client, ['info-documents', 'Information Document', 'Member Conditions'], { description: '<p>…</p>' }, IDB);
    await first.p.flush();
    expect(idb.map.size).toBe(2);
    expect(localStorage.getItem(SYNC_STORAGE_KEY) ?? '').not.toContain('points');

    now += 60 * 60 * 1000;
    const second = start();
    expect(second.client.getQueryData(['points', 'history'])).toBeUndefined(); // not before the restore
    await second.p.restored;
    expect(second.client.getQueryData(['points', 'history'])).toEqual([{ points: 120 }]);
    expect(second.client.getQueryState(['points', 'history'])?.dataUpdatedAt).toBe(fetchedAt);
    expect(second.client.getQueryData(['info-documents', 'Information Document', 'Member Conditions'])).toEqual({ description: '<p>…</p>' });
  });

  it('restores a query invalidated while no screen showed it as out of date, in both tiers, so it is fetched again', async () => {
    const first = start();
    await fetchInto(first.client, ['points', 'details'], { loyalty_points: 24 }, IDB);
    await fetchInto(first.client, ['profile'], { loyalty_points: 24 }, SYNC);
    await first.p.flush();
    // A redemption elsewhere: the points are invalidated, not refetched (nothing shows them), and the app closes.
    await first.client.invalidateQueries({ queryKey: ['points'], refetchType: 'none' });
    await first.client.invalidateQueries({ queryKey: ['profile'], refetchType: 'none' });
    await first.p.flush();

    now += 5_000; // well within every staleTime
    const second = start();
    await second.p.restored;
    expect(second.client.getQueryData(['points', 'details'])).toEqual({ loyalty_points: 24 }); // still readable offline
    expect(second.client.getQueryCache().find({ queryKey: ['points', 'details'] })?.isStale()).toBe(true);
    expect(second.client.getQueryCache().find({ queryKey: ['profile'] })?.isStale()).toBe(true);
  });

  it('never overwrites fresher data fetched before the restore finished', async () => {
    const first = start();
    await fetchInto(first.client, ['orders'], ['old'], IDB);
    await first.p.flush();
    now += 1000;
    const second = start();
    await fetchInto(second.client, ['orders'], ['new'], IDB);
    await second.p.restored;
    expect(second.client.getQueryData(['orders'])).toEqual(['new']);
  });

  it('discards both tiers written by another build', async () => {
    const first = start('build-1');
    await fetchInto(first.client, ['profile'], { full_name: 'A' }, SYNC);
    await fetchInto(first.client, ['orders'], ['x'], IDB);
    await first.p.flush();

    const second = start('build-2');
    await second.p.restored;
    expect(second.client.getQueryData(['profile'])).toBeUndefined();
    expect(second.client.getQueryData(['orders'])).toBeUndefined();
    expect(localStorage.getItem(SYNC_STORAGE_KEY)).toBeNull();
    expect(idb.map.size).toBe(0);
  });

  it('keeps data 7 days and no longer', async () => {
    const first = start();
    await fetchInto(first.client, ['profile'], { full_name: 'A' }, SYNC);
    await fetchInto(first.client, ['orders'], ['x'], IDB);
    await first.p.flush();

    now += MAX_AGE - 1000;
    const sixDays = start();
    await sixDays.p.restored;
    expect(sixDays.client.getQueryData(['profile'])).toEqual({ full_name: 'A' });
    expect(sixDays.client.getQueryData(['orders'])).toEqual(['x']);

    now += 2000;
    const eightDays = start();
    await eightDays.p.restored;
    expect(eightDays.client.getQueryData(['profile'])).toBeUndefined();
    expect(eightDays.client.getQueryData(['orders'])).toBeUndefined();
    expect(CACHE_TIME).toBeGreaterThanOrEqual(MAX_AGE); // gcTime never drops restored data first
  });

  it('stores no failed queries', async () => {
    const first = start();
    await first.client.fetchQuery({ queryKey: ['orders'], queryFn: async () => Promise.reject(new Error('down')), meta: IDB }).catch(() => {});
    await first.p.flush();
    expect(idb.map.size).toBe(0);
  });

  it('forgets everything on this device when the session ends (boot answers Guest)', async () => {
    const first = start();
    await fetchInto(first.client, ['boot'], { user: 'somchai@example.com' }, SESSION);
    await fetchInto(first.client, ['member-code'], { seed: 'S3CR3T' }, SYNC);
    await fetchInto(first.client, ['addresses', 'list'], [{ name: 'A1' }], IDB);
    await first.p.flush();
    expect(idb.map.size).toBe(1);

    await first.client.fetchQuery({ queryKey: ['boot'], queryFn: async () => ({ user: 'Guest' }), staleTime: 0, meta: SESSION });
    await new Promise((r) => setTimeout(r, 10));
    expect(idb.map.size).toBe(0);
    expect(localStorage.getItem(SYNC_STORAGE_KEY) ?? '').not.toContain('S3CR3T');
  });
});
