import { onlineManager, QueryClient, type QueryOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupPersistence, type IdbBackend, type Persistence, type QueryRecord } from '@/lib/persistence';
import { CACHE_TIME } from '@/lib/query-client';
import { INFORMATION_DOCUMENT } from '../../../contracts/documents';

/**
 * Persistence is declared by each query's options (`meta.persist`), in src/entities. Every such query is written
 * and then restored by the next start of the app with no network; and the queries the member screens read while
 * offline are among them.
 */

type Factory = (...args: unknown[]) => QueryOptions & { queryKey: readonly unknown[]; initialPageParam?: unknown };
const entities = import.meta.glob<Record<string, unknown>>('/src/entities/**/*.ts', { eager: true });
const ARGS: Record<string, unknown[]> = { documentQuery: [INFORMATION_DOCUMENT, 'Member Conditions'], itemPageQuery: [{ item_group: 'Gift' }] };
const factories = Object.values(entities).flatMap((module) =>
  Object.entries(module).filter((e): e is [string, Factory] => e[0].endsWith('Query') && typeof e[1] === 'function'),
);
const optionsOf = (name: string, factory: Factory) => factory(...(ARGS[name] ?? ['x']));
const persisted = factories.filter(([name, factory]) => optionsOf(name, factory).meta?.persist);

/** What the member screens show offline: who they are, their card and code, points, orders, addresses, rewards. */
const MEMBER_SCREENS = [
  'bootQuery', 'profileQuery', 'tierQuery', 'memberCodeDeviceQuery', 'loyaltyProgramQuery', 'pointsDetailsQuery', 'pointsHistoryQuery', 'ordersQuery',
  'rewardOrdersQuery', 'invoiceQuery', 'addressesQuery', 'addressOptionsQuery', 'itemPageQuery', 'itemPagesQuery', 'itemQuery',
  'itemsByCodeQuery', 'itemsByNameQuery', 'redeemConditionsQuery', 'documentQuery', 'informationQuery', 'termsQuery', 'branchesQuery',
];

function memoryIdb(): IdbBackend {
  const map = new Map<string, QueryRecord>();
  return {
    entries: async () => [...map.entries()].map(([k, v]) => [k, structuredClone(v)] as [string, QueryRecord]),
    setMany: async (items) => items.forEach(([k, v]) => map.set(k, structuredClone(v))),
    del: async (k) => void map.delete(k),
    clear: async () => map.clear(),
  };
}

const running: Persistence[] = [];
let idb: IdbBackend;
function start() {
  const client = new QueryClient({ defaultOptions: { queries: { gcTime: CACHE_TIME, retry: false } } });
  const persistence = setupPersistence(client, { buster: 'test', storage: localStorage, idb });
  running.push(persistence);
  return { client, persistence };
}

beforeEach(() => {
  localStorage.clear();
  idb = memoryIdb();
});
afterEach(() => {
  for (const p of running.splice(0)) p.stop();
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe('queries persisted by their own options', () => {
  it('include every query the member screens read offline', () => {
    expect(persisted.map(([name]) => name)).toEqual(expect.arrayContaining(MEMBER_SCREENS));
  });

  it.each(persisted)('%s is restored at the next start, offline, with its meta', async (name, factory) => {
    const options = optionsOf(name, factory);
    const answer = { answer: name };
    const data = options.initialPageParam === undefined ? answer : { pages: [answer], pageParams: [options.initialPageParam] };

    const first = start();
    first.client.getQueryCache().build(first.client, options).setData(data);
    await first.persistence.flush();

    onlineManager.setOnline(false);
    const fetch = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetch);
    const next = start();
    if (options.meta?.persist === 'sync') expect(next.client.getQueryData(options.queryKey)).toEqual(data); // before IndexedDB
    await next.persistence.restored;
    expect(next.client.getQueryData(options.queryKey)).toEqual(data);
    expect(next.client.getQueryCache().find({ queryKey: options.queryKey, exact: true })?.meta?.persist).toBe(options.meta?.persist);
    expect(fetch).not.toHaveBeenCalled();
  });
});
