/**
 * The jobs' walk over their candidates: a keyset query answers up to `size` keys after the last key it was given;
 * `each` handles one key (in its own transaction). A page shorter than `size` is the last.
 */
export async function forEachKey(page: (after: string, size: number) => Promise<string[]>, size: number, each: (key: string) => Promise<void>) {
  let after = '';
  for (;;) {
    const keys = await page(after, size);
    for (const key of keys) await each(key);
    if (keys.length < size) return;
    after = keys[keys.length - 1]!;
  }
}
