import { describe, expect, it } from 'vitest';
import { cachedPage, TTL_MS } from '../../../server/modules/catalog/page-cache';

describe('catalogue page cache', () => {
  it('answers the same page from memory for TTL_MS, then asks the database again', async () => {
    const db = {};
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedPage(db, 'p1', load, 1_000)).toBe(1);
    expect(await cachedPage(db, 'p1', load, 1_000 + TTL_MS - 1)).toBe(1);
    expect(await cachedPage(db, 'p2', load, 1_000)).toBe(2); // another page is another query
    expect(await cachedPage(db, 'p1', load, 1_000 + TTL_MS)).toBe(3);
  });

  it('keeps each database apart (test servers, instances)', async () => {
    const a = {};
    const b = {};
    expect(await cachedPage(a, 'p', async () => 'a', 0)).toBe('a');
    expect(await cachedPage(b, 'p', async () => 'b', 0)).toBe('b');
  });

  it('shares one query between concurrent misses and forgets a failed one at once', async () => {
    const db = {};
    let loads = 0;
    const failing = () => {
      loads++;
      return Promise.reject(new Error('database down'));
    };
    const first = cachedPage(db, 'p', failing, 0);
    const second = cachedPage(db, 'p', failing, 0);
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    expect(loads).toBe(1);
    expect(await cachedPage(db, 'p', async () => 'back', 1)).toBe('back');
  });
});
