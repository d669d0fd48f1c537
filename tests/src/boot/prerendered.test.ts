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
});
