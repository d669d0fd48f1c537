// The points history of a member with more lines than a page: the newest first, older ones as the member scrolls,
// and what was read still there after going offline and opening the app again.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { appErrors, expect, test, waitForServiceWorker } from './support/fixtures';
import { adminApi, newVerifiedMember } from './support/member';

/** Where the screenshots of this change are kept for review (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/points-history-shots';
const LINES = 45;
const line = (i: number) => `รายการที่ ${i}`;

async function post(api: APIRequestContext, csrf: string, method: string, data: Record<string, unknown>) {
  const res = await api.post(`/api/method/${method}`, { headers: { 'X-Frappe-CSRF-Token': csrf, 'Idempotency-Key': randomUUID() }, data });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { message: unknown }).message;
}

/** A new member given LINES adjustments by the back office, each with its own line ("รายการที่ 1" the oldest). */
async function memberWithLongHistory(page: Page) {
  const name = `สมาชิกประวัติยาว${Date.now().toString(36)}`;
  await newVerifiedMember(page, name);
  const { api, csrf } = await adminApi();
  const found = (await post(api, csrf, 'member_rewards.admin.search_members', { q: name })) as { rows: { customer: string }[] };
  const customer = found.rows[0]!.customer;
  for (let i = 1; i <= LINES; i++) {
    await post(api, csrf, 'member_rewards.admin.adjust_points', { customer, points: i, reason: 'goodwill', member_text: line(i) });
  }
  await api.dispose();
}

const receivedTexts = (page: Page) => page.getByTestId('points-received').locator('[data-entry-type]').allInnerTexts();

test('scrolling the points history brings the older lines, once each; offline, the app opens on what was read', async ({ page, context, consoleErrors }) => {
  test.setTimeout(180_000);
  await memberWithLongHistory(page);
  await page.goto('/reward-history');
  await waitForServiceWorker(page);
  const received = page.getByTestId('points-received');
  await expect(received.first()).toContainText(line(LINES));
  // One page: the newest 20 lines, the oldest not there yet.
  await expect(received).toHaveCount(20);
  await expect(page.getByText(line(1), { exact: true })).toHaveCount(0);
  expect(await page.getByTestId('history-balance').innerText()).toMatch(/^[\d,]+ คะแนน$/);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/history-th-first-page.png` });

  // The member scrolls down: each time the end of the list comes near, the next page comes in.
  for (let i = 0; i < 10 && (await page.getByText(line(1), { exact: true }).count()) === 0; i++) {
    await received.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(300);
  }
  await expect(page.getByText(line(1), { exact: true })).toBeVisible();
  const texts = (await receivedTexts(page)).filter((t) => t.startsWith('รายการที่'));
  expect(texts).toEqual(Array.from({ length: LINES }, (_, i) => line(LINES - i)));
  await expect(page.getByTestId('history-more')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/history-th-scrolled.png` });

  // Offline, the app closed and opened again: the device kept the newest page, and shows it.
  await page.waitForTimeout(300); // the answers are written to the device
  await context.setOffline(true);
  await page.reload();
  await expect(received.first()).toContainText(line(LINES));
  expect(await receivedTexts(page)).toEqual(Array.from({ length: 20 }, (_, i) => line(LINES - i)));
  await expect(page.getByTestId('offline-updated')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/history-th-offline.png` });
  await context.setOffline(false);

  // In English, the end of the list while the next page is on its way.
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.goto('/my-account');
  await page.goto('/reward-history');
  await expect(received.first()).toContainText(line(LINES));
  await page.route('**/api/method/headless_e_commerce.api.get_loyalty_points_details*', async (route) => {
    if (new URL(route.request().url()).searchParams.get('before')) await new Promise((r) => setTimeout(r, 3000));
    await route.continue();
  });
  await received.last().scrollIntoViewIfNeeded();
  await expect(page.getByTestId('history-more')).toHaveText(/Show earlier entries/);
  await page.getByTestId('history-more').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/history-en-more.png` });
  // Waits for the held answer to go on: removing the route under it would leave its handler continuing a request the
  // page has already given up on.
  await page.unrouteAll({ behavior: 'wait' });

  expect(appErrors(consoleErrors)).toEqual([]);
});
