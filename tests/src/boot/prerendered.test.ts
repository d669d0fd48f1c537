import { afterEach, describe, expect, it } from 'vitest';
import { claimPrerendered } from '../../../src/boot/prerendered';

/** Whether the build's HTML in #root stays before the app starts (src/boot/prerendered.ts). */
describe('claiming the pre-rendered page', () => {
  afterEach(() => {
    document.cookie = 'user_id=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    document.body.replaceChildren();
    localStorage.clear();
  });

  const page = (path: string, attrs: string) => {
    window.history.replaceState({}, '', path);
    document.body.innerHTML = `<div id="root" data-prerendered="${path}" ${attrs}><h1>เข้าสู่ระบบ</h1></div>`;
    return document.getElementById('root')!;
  };

  it('keeps /login for a guest, inert until the app takes it over', () => {
    const root = page('/login', 'data-signed-in-leave');
    document.cookie = 'user_id=Guest; path=/';
    expect(claimPrerendered(root)).toBe(true);
    expect(root.inert).toBe(true);
    expect(root.textContent).toBe('เข้าสู่ระบบ');
  });

  it('does not show /login to a signed-in visitor, whom the app sends on: the root is empty at once', () => {
    const root = page('/login', 'data-signed-in-leave');
    document.cookie = 'user_id=member@example.com; path=/';
    expect(claimPrerendered(root)).toBe(false);
    expect(root.childElementCount).toBe(0);
    expect(root.inert).not.toBe(true);
  });

  it('keeps a page for everyone (the privacy policy) for a signed-in visitor too', () => {
    const root = page('/privacy-policy', '');
    document.cookie = 'user_id=member@example.com; path=/';
    expect(claimPrerendered(root)).toBe(true);
    expect(root.textContent).toBe('เข้าสู่ระบบ');
  });

  it("keeps the server's English page for a reader whose device keeps English", () => {
    localStorage.setItem('lang', 'en');
    const root = page('/', 'lang="en"');
    expect(claimPrerendered(root)).toBe(true);
    expect(root.textContent).toBe('เข้าสู่ระบบ');
    // From here <html lang>, which the app keeps, says the language: not a stale one on #root.
    expect(root.hasAttribute('lang')).toBe(false);
  });

  it('drops a page in another language than the device keeps, at once', () => {
    // The cookie was missing (a Thai page) but the device keeps English; and the other way round.
    for (const [stored, markup] of [
      ['en', ''],
      ['en', 'lang="th"'],
      [null, 'lang="en"'],
      ['th', 'lang="en"'],
    ] as const) {
      localStorage.clear();
      if (stored) localStorage.setItem('lang', stored);
      const root = page('/', markup);
      expect(claimPrerendered(root)).toBe(false);
      expect(root.childElementCount).toBe(0);
    }
  });
});
