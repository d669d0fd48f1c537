import { appErrors, expect, test } from './support/fixtures';
import { screenshot } from './support/screenshot';
import { signInDemoMember } from './support/member';

/**
 * The browser side of the hardening: the app runs under its Content-Security-Policy (every spec fails on a
 * violation, through the cspGuard fixture; the first test here proves that guard bites), and a page address the
 * server cannot decode is the app's not-found screen, also on a first visit with no service worker.
 */
test('a Content-Security-Policy violation fails the test that caused it', async ({ page }) => {
  test.fail(true, 'the inline script below is refused by the policy, and the guard must fail this test for it');
  await page.goto('/login');
  const reported = page.waitForEvent('console', (msg) => /Content Security Policy|CSP violation/i.test(msg.text()));
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.head.append(script);
  });
  await reported;
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});

test('pages carry the policy and frame protection', async ({ page }) => {
  const res = await page.goto('/login');
  const headers = res!.headers();
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
});

test.describe('before a service worker is installed', () => {
  test.use({ serviceWorkers: 'block' });

  test('a malformed address shows the app’s not-found screen with status 404, in Thai and in English', async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    const res = await page.goto('/%E0%A4%A');
    expect(res!.status()).toBe(404);
    expect(res!.headers()['content-type']).toContain('text/html');
    await expect(page.getByText('ไม่พบหน้าที่คุณต้องการ')).toBeVisible();
    await screenshot(page, 'security-not-found-th');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await expect(page.getByText('Page not found')).toBeVisible();
    await screenshot(page, 'security-not-found-en');
    expect(appErrors(consoleErrors)).toEqual([]);
  });
});
