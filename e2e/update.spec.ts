// Update (issue 6): two real builds that differ (BUILD_ID); the open app is told a new version is ready and
// accepting loads it. Version A is what the server serves at start (DIST_DIR); version B is built here into
// <DIST_DIR>-next and then deployed over A's folder, as a deployment would.
//   BUILD_ID=offline-a npx vite build --outDir dist-offline
//   DIST_DIR=dist-offline E2E_PORT=8205 npx playwright test e2e/update.spec.ts
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, waitForServiceWorker } from './support/fixtures';
import { DIST_DIR } from './support/env';
import { screenshot } from './support/screenshot';

const distA = path.resolve(DIST_DIR);
const distB = `${distA}-next`;

/** The entry script of a build's index.html (its hash changes with BUILD_ID). */
const entryOf = (html: string) => /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1] ?? '';

test.describe('update', () => {
  test.beforeAll(() => {
    // A production build of its own: several minutes on a busy machine.
    test.setTimeout(10 * 60_000);
    execFileSync('npx', ['vite', 'build', '--outDir', distB, '--emptyOutDir'], {
      env: { ...process.env, BUILD_ID: `update-${Date.now()}` },
      stdio: 'ignore',
    });
    expect(existsSync(path.join(distB, 'sw.js'))).toBe(true);
  });

  test('the open app shows the "new version" prompt, and accepting it loads the new version', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    const entryA = await page.locator('script[type="module"]').first().getAttribute('src');
    const entryB = entryOf(readFileSync(path.join(distB, 'index.html'), 'utf8'));
    expect(entryA).toBeTruthy();
    expect(entryB).not.toBe(entryA);

    // Deploy B over A (new sw.js, index.html and hashed assets; A's assets stay, as on a real server).
    cpSync(distB, distA, { recursive: true, force: true });
    // The app looks for a new worker whenever it becomes visible again; here we ask the registration directly.
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg?.update();
    });
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(prompt).toContainText('มีเวอร์ชันใหม่พร้อมใช้งาน');
    // Nothing changes until the member agrees: still version A.
    expect(await page.locator('script[type="module"]').first().getAttribute('src')).toBe(entryA);
    await screenshot(page, 'update-prompt');

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'อัปเดตเลย' }).click()]);
    await expect(page.locator('script[type="module"]').first()).toHaveAttribute('src', entryB);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  });
});
