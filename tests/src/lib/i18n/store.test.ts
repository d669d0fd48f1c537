import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The language store (src/lib/i18n/store.ts) keeps the member's choice on the device and in the `lang` cookie, which
 * the server reads to render their first open in it.
 */
describe('the language choice, where the server can read it', () => {
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  let writes: string[];

  beforeEach(() => {
    vi.resetModules();
    writes = [];
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => cookie.get!.call(document) as string,
      set: (value: string) => {
        writes.push(value);
        cookie.set!.call(document, value);
      },
    });
  });
  afterEach(() => {
    cookie.set!.call(document, 'lang=; Max-Age=0; Path=/');
    Reflect.deleteProperty(document, 'cookie');
    localStorage.clear();
    window.history.replaceState({}, '', '/');
  });

  const langCookie = () => /(?:^|;\s*)lang=([^;]*)/.exec(document.cookie)?.[1];
  const loadStore = async () => (await import('../../../../src/lib/i18n/store')).useLangStore;

  it('a member who chose English before the cookie existed has it as soon as the app starts, for every address', async () => {
    localStorage.setItem('lang', 'en');
    window.history.replaceState({}, '', '/my-account/deeper');
    await loadStore();
    window.history.replaceState({}, '', '/');
    expect(langCookie()).toBe('en');
    // A lasting preference the app writes itself: not HttpOnly, sent with a navigation from another site (LINE).
    const written = writes.at(-1)!;
    expect(written).toMatch(/;\s*Path=\/(;|$)/i);
    expect(written).toMatch(/;\s*SameSite=Lax/i);
    expect(Number(/;\s*Max-Age=(\d+)/i.exec(written)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
    expect(written).not.toMatch(/HttpOnly/i);
  });

  it('follows the member switching the language, and the device’s copy read back (another tab)', async () => {
    const store = await loadStore();
    expect(langCookie()).toBe('th');
    store.getState().setLang('en');
    expect(langCookie()).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    localStorage.setItem('lang', 'th');
    await store.persist.rehydrate();
    expect(langCookie()).toBe('th');
  });
});
