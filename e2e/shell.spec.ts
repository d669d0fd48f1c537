import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH, DIST_DIR } from './support/env';
import { appErrors, expect, test, waitForServiceWorker, watchCsp } from './support/fixtures';
import { signInDemoMember } from './support/member';
import { screenshot } from './support/screenshot';

const THAI = /[\u0E00-\u0E7F]/;

/**
 * Replaces a built file as a deploy would (with its pre-compressed .br/.gz twins, which the server prefers);
 * returns a function that puts the original build back.
 */
async function redeploy(file: string, content: string): Promise<() => Promise<void>> {
  const variants: Array<[string, (text: string) => string | Buffer]> = [
    [file, (text) => text],
    [`${file}.br`, (text) => brotliCompressSync(text)],
    [`${file}.gz`, (text) => gzipSync(text)],
  ];
  const originals: Array<[string, Buffer]> = [];
  for (const [name, encode] of variants) {
    const exists = await access(name).then(() => true, () => false);
    if (!exists) continue;
    originals.push([name, await readFile(name)]);
    await writeFile(name, encode(content));
  }
  return async () => {
    for (const [name, data] of originals) await writeFile(name, data);
  };
}

/** The screen's title: the first h1 inside <main> (every screen has one). */
const screenTitle = (page: Page) => page.locator('main h1').first();

test.describe('app shell', () => {
  test('opens in Thai at phone size', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await expect(screenTitle(page)).toBeVisible();

    // Thai first: <html lang="th">, Thai text on screen, the shared header, the manifest.
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    expect(await page.locator('main').innerText()).toMatch(THAI);
    await expect(page.getByRole('link', { name: 'Member Rewards' }).first()).toBeVisible();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
    await screenshot(page, 'shell-guest-th');

    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test("a member's shell: bottom navigation, service worker, reopens offline", async ({ page, context, consoleErrors }) => {
    await signInDemoMember(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
    await expect(nav).toBeVisible();
    for (const label of ['หน้าแรก', 'แลกของรางวัล', 'ประวัติ', 'บัญชี']) {
      await expect(nav.getByRole('link', { name: label })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'หน้าแรก' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await screenshot(page, 'shell-member-home');

    await nav.getByRole('link', { name: 'ประวัติ' }).click();
    await expect(page).toHaveURL(/\/reward-history$/);
    await expect(nav.getByRole('link', { name: 'ประวัติ' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'หน้าแรก' }).click();
    await expect(page).toHaveURL(/\/$/);

    await waitForServiceWorker(page);

    // Offline, the app opens again from the service worker: same shell, Thai, the quiet offline note.
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'หน้าแรก' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('status').filter({ hasText: 'คุณออฟไลน์อยู่' })).toBeVisible();
    await screenshot(page, 'shell-member-home-offline');

    // Unknown addresses get the not-found view inside the shell, offline too.
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'ไม่พบหน้าที่คุณต้องการ' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Member Rewards' }).first()).toBeVisible();
    await context.setOffline(false);

    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('offers a new version and reloads into it only after consent', async ({ page }) => {
    await page.goto('/');
    await expect(screenTitle(page)).toBeVisible();
    await waitForServiceWorker(page);

    // "Deploy" a new build: a byte-different sw.js is a new version to the browser (restored afterwards).
    const swFile = path.join(DIST_DIR, 'sw.js');
    const restore = await redeploy(swFile, `${await readFile(swFile, 'utf8')}\n// next build ${Date.now()}\n`);
    try {
      // The app checks for an update whenever it becomes visible again.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(page.getByRole('alertdialog', { name: 'มีเวอร์ชันใหม่พร้อมใช้งาน' })).toBeVisible({ timeout: 20_000 });
    } finally {
      await restore();
    }

    const prompt = page.getByRole('alertdialog', { name: 'มีเวอร์ชันใหม่พร้อมใช้งาน' });
    await screenshot(page, 'shell-update-prompt');
    const waiting = () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    expect(await waiting()).toBe(true);

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'อัปเดตเลย' }).click();
    await reloaded;
    await expect(screenTitle(page)).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await waiting()).toBe(false);
  });

  test('switches to English and remembers it', async ({ page }) => {
    await page.goto('/');
    await expect(screenTitle(page)).toBeVisible();
    await page.getByRole('button', { name: 'เปลี่ยนเป็นภาษาอังกฤษ (English)' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'เปลี่ยนเป็นภาษาไทย (Thai)' })).toBeVisible();
    await expect(screenTitle(page)).not.toHaveText(THAI);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  });

  test("meets Chromium's install criteria, and the home offers installing where the browser does", async ({ page }) => {
    // Chromium's own verdict on the manifest, icons and service worker (what decides beforeinstallprompt). It
    // needs a profile on disk: Playwright's usual contexts count as incognito, where nothing is installable.
    const profile = await mkdtemp(path.join(tmpdir(), 'mr-install-'));
    const installable = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, baseURL: BASE_URL });
    await watchCsp(installable);
    try {
      const tab = installable.pages()[0] ?? (await installable.newPage());
      await tab.goto('/login');
      await waitForServiceWorker(tab);
      const cdp = await installable.newCDPSession(tab);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await installable.close();
      await rm(profile, { recursive: true, force: true });
    }

    await signInDemoMember(page);
    await page.goto('/');
    await waitForServiceWorker(page);
    // Headless Chromium never fires beforeinstallprompt on its own (it needs user engagement): fire one the
    // way the browser would, with a prompt() the test can watch.
    await page.evaluate(() => {
      const offered = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          (window as unknown as { promptShown: boolean }).promptShown = true;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
      });
      window.dispatchEvent(offered);
    });
    const hint = page.getByTestId('install-hint');
    await expect(hint).toContainText('ติดตั้งแอปไว้บนหน้าจอหลัก');
    await hint.scrollIntoViewIfNeeded();
    // At 390 px its text has the card's width (not a 4-5 line column squeezed between the buttons).
    const text = hint.locator('p').last();
    const [card, words] = await Promise.all([hint.boundingBox(), text.boundingBox()]);
    expect(words!.width).toBeGreaterThan(card!.width * 0.7);
    const lineHeight = await text.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(Math.round(words!.height / lineHeight)).toBeLessThanOrEqual(2);
    await screenshot(page, 'shell-install-hint');
    await hint.getByRole('button', { name: 'ติดตั้ง' }).click();
    await expect(hint).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { promptShown?: boolean }).promptShown)).toBe(true);
  });

  test('serves the manifest and the icons', async ({ request }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    const json = (await manifest.json()) as { name: string; lang: string; short_name: string; icons: Array<{ src: string; purpose: string }> };
    expect(json.name).toBe('Member Rewards');
    expect(json.lang).toBe('th');
    expect(json.short_name).toMatch(THAI);
    expect(json.icons.map((i) => i.purpose).sort()).toEqual(['any', 'any', 'maskable']);
    for (const icon of json.icons) {
      const res = await request.get(icon.src);
      expect(res.ok(), icon.src).toBe(true);
      expect(res.headers()['content-type']).toContain('image/png');
    }
  });
});
