import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DIST_DIR } from './support/env';
import { appErrors, expect, test, waitForServiceWorker } from './support/fixtures';
import { screenshot } from './support/screenshot';

test.describe('app shell', () => {
  test('opens in Thai at phone size, installs its service worker and reopens offline', async ({ page, context, consoleErrors }) => {
    await page.goto('/');

    // Thai first: <html lang="th">, Thai texts, the member tabs.
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.getByRole('heading', { level: 1, name: 'Member Rewards' })).toBeVisible();
    await expect(page.getByText('ยินดีต้อนรับสู่ Member Rewards')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
    await expect(nav).toBeVisible();
    for (const label of ['หน้าแรก', 'แลกของรางวัล', 'ประวัติ', 'บัญชี']) {
      await expect(nav.getByRole('link', { name: label })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'หน้าแรก' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await screenshot(page, 'shell-home-th');

    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.getByText('ยินดีต้อนรับสู่ Member Rewards')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'เมนูหลัก' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'คุณออฟไลน์อยู่' })).toBeVisible();

    // A deep link opens offline too: the worker answers every navigation with the precached shell.
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'ไม่พบหน้าที่คุณต้องการ' })).toBeVisible();
    await screenshot(page, 'shell-offline-not-found');
    await context.setOffline(false);

    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('offers a new version and reloads into it only after consent', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorker(page);

    // "Deploy" a new build: a byte-different sw.js is a new version to the browser (restored afterwards).
    const swFile = path.join(DIST_DIR, 'sw.js');
    const original = await readFile(swFile, 'utf8');
    await writeFile(swFile, `${original}\n// next build ${Date.now()}\n`);
    try {
      // The app checks for an update whenever it becomes visible again.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(page.getByRole('alertdialog', { name: 'มีเวอร์ชันใหม่พร้อมใช้งาน' })).toBeVisible({ timeout: 20_000 });
    } finally {
      await writeFile(swFile, original);
    }

    const prompt = page.getByRole('alertdialog', { name: 'มีเวอร์ชันใหม่พร้อมใช้งาน' });
    await screenshot(page, 'shell-update-prompt');
    const waiting = () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    expect(await waiting()).toBe(true);

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'อัปเดตเลย' }).click();
    await reloaded;
    await expect(page.getByText('ยินดีต้อนรับสู่ Member Rewards')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await waiting()).toBe(false);
  });

  test('switches to English and remembers it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'เปลี่ยนเป็นภาษาอังกฤษ (English)' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText('Welcome to Member Rewards')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  });

  test('serves the manifest and the icons', async ({ request }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    const json = (await manifest.json()) as { name: string; lang: string; icons: Array<{ src: string; purpose: string }> };
    expect(json.name).toBe('Member Rewards');
    expect(json.lang).toBe('th');
    for (const icon of json.icons) {
      const res = await request.get(icon.src);
      expect(res.ok(), icon.src).toBe(true);
      expect(res.headers()['content-type']).toContain('image/png');
    }
  });
});
