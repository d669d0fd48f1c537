/**
 * A short-lived memory of catalogue answers, per database. Every member's home asks for the same few pages;
 * on PGlite each query runs on the server's only thread, so answering them from memory keeps the event loop
 * free for what must hit the database (points, redemptions). A page is at most TTL_MS old: items change
 * rarely (the catalogue is loaded by the back office), and an order is always priced from the database, never
 * from this (server/modules/orders/pricing.ts).
 */
export const TTL_MS = 2_000;
const MAX_PAGES = 500;

interface Page {
  at: number;
  value: Promise<unknown>;
}

const pagesByDb = new WeakMap<object, Map<string, Page>>();

export function cachedPage<T>(db: object, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  let pages = pagesByDb.get(db);
  if (!pages) pagesByDb.set(db, (pages = new Map()));
  const hit = pages.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value as Promise<T>;
  // Concurrent misses share one query; a failed one is forgotten at once.
  const value = load();
  pages.delete(key);
  pages.set(key, { at: now, value });
  value.catch(() => pages.get(key)?.value === value && pages.delete(key));
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
  return value;
}

/** Drops every remembered page of this database: the next read sees an item change at once, not TTL_MS later. */
export function forgetPages(db: object) {
  pagesByDb.delete(db);
}
