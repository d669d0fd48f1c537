import type { Browser, Locator, Page } from '@playwright/test';
import { appErrors, expect, test } from './support/fixtures';
import { memberCall, newVerifiedMember, signInDemoMember, signInNewLineMember } from './support/member';
import { screenshot } from './support/screenshot';
import { holdApp } from './support/hold-app';

/**
 * A member's cold open (no service worker: a first open, LINE's in-app browser) comes painted by the server from the
 * member's own data: the page is readable before any script runs, and the app takes it over without anything moving.
 */
test.use({ serviceWorkers: 'block' });

interface Profile {
  name: string;
  first_name: string | null;
  full_name: string | null;
  loyalty_points: number;
}
const getProfile = (page: Page) => memberCall<Profile>(page, 'headless_e_commerce.api.get_profile');

/** A page signed in as `page`'s visitor, with JavaScript off: only what the server sent is on screen. */
async function withoutScripts(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block', storageState: await page.context().storageState() });
  return context.newPage();
}

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
};
const markStatic = (locator: Locator) => locator.evaluate((el) => el.setAttribute('data-static', ''));
/** The page's layout shifts so far (the Layout Instability API, buffered from the navigation's start). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 500);
      }),
  );

test('with JavaScript off, the home, the member card and the points history show the member their own data', async ({ page, browser }) => {
  await signInDemoMember(page);
  const me = await getProfile(page);
  const tier = await memberCall<{ tier_name: string }>(page, 'loyalty_program_customizations.overrides.get_tier', { customer: me.name });
  const nojs = await withoutScripts(browser, page);

  await nojs.goto('/');
  const root = nojs.locator('#root');
  await expect(root).toContainText(`สวัสดี คุณ${me.first_name ?? me.full_name}`);
  await expect(root.getByText(`${me.loyalty_points} คะแนน`).first()).toBeVisible();
  await expect(root).toContainText(tier.tier_name);
  // The first cards of each row, with their pictures, not the loading blocks.
  for (const row of ['ของรางวัลทั้งหมด', 'ของรางวัล', 'คูปองส่วนลด']) {
    const cards = root.getByRole('list', { name: row, exact: true }).getByRole('listitem');
    await expect(cards.first()).toContainText(/\S+\s*\d+ คะแนน/);
    expect(await cards.count()).toBeGreaterThanOrEqual(1);
  }
  await expect(root.locator('[data-testid="carousel-skeleton"]')).toHaveCount(0);
  await expect(root.locator('img[src]').first()).toBeVisible();
  await screenshot(nojs, 'server-rendered-home-nojs');

  await nojs.goto('/my-id');
  await expect(root).toContainText(me.full_name ?? me.name);
  await expect(root).toContainText(`สมาชิกระดับ ${tier.tier_name}`);
  await expect(root).toContainText(String(me.loyalty_points));
  await screenshot(nojs, 'server-rendered-my-id-nojs');

  await nojs.goto('/reward-history');
  await expect(root).toContainText('คะแนนที่ใช้ได้');
  await expect(root.getByText(`${me.loyalty_points} คะแนน`).first()).toBeVisible();
  // The received lines of the first page, newest first, as the member's own history answers them.
  await expect(root.getByText('คุณได้รับคะแนน').first()).toBeVisible();
  await screenshot(nojs, 'server-rendered-history-nojs');
  await nojs.context().close();
});

test('each member gets their own page, never kept by a cache; a guest and an unverified member get the frame as before', async ({ page, browser }) => {
  await signInDemoMember(page);
  const first = await getProfile(page);
  const other = await browser.newPage();
  await newVerifiedMember(other, 'Server Render Second');
  const second = await getProfile(other);
  expect(second.name).not.toBe(first.name);

  for (const [visitor, me, them] of [
    [page, first, second],
    [other, second, first],
  ] as const) {
    const answer = await visitor.request.get('/');
    expect(answer.headers()['cache-control']).toBe('no-store');
    expect(answer.headers()['vary']).toMatch(/cookie/i);
    const html = await answer.text();
    expect(html).toContain('id="server-state"');
    expect(html).toContain(me.name);
    expect(html).not.toContain(them.name);
    expect(html).not.toContain(them.full_name ?? them.name);
  }

  // Not signed in: the member frame every address gets (the app sends a guest to the sign-in).
  const guest = await browser.newContext({ serviceWorkers: 'block' });
  const guestHtml = await (await guest.request.get('/')).text();
  expect(guestHtml).not.toContain('id="server-state"');
  await guest.close();
  // Signed in with the phone not yet verified: the frame too; the app sends them to verify it.
  const unverified = await browser.newPage();
  await signInNewLineMember(unverified, 'Server Render Unverified');
  await unverified.waitForURL('**/phonverify');
  const unverifiedHtml = await (await unverified.request.get('/')).text();
  expect(unverifiedHtml).not.toContain('id="server-state"');
  await unverified.goto('/');
  await expect(unverified).toHaveURL(/\/phonverify/);
  await other.context().close();
  await unverified.context().close();
});

for (const [path, steady, onward] of [
  ['/', (page: Page) => page.getByRole('list', { name: 'ของรางวัลทั้งหมด', exact: true }).getByRole('listitem').first(), /\/my-account$/],
  ['/my-id', (page: Page) => page.locator('main h1'), /\/my-account$/],
  ['/reward-history', (page: Page) => page.getByText('คุณได้รับคะแนน').first(), /\/my-account$/],
] as const) {
  test(`${path}: the app hydrates the server's page, keeping its nodes, with nothing moving and no error`, async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    const release = await holdApp(page);
    await page.goto(path, { waitUntil: 'commit' });
    const node = steady(page);
    await expect(node).toBeVisible();
    const at = await box(node);
    await markStatic(node);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    release();
    // The app has taken the page over (no longer inert) and kept the server's nodes: hydrated, not replaced (a
    // mismatch would have React draw its own in their place, and say so in the console).
    await expect(page.locator('#root:not([inert])')).toBeAttached();
    await expect(node).toHaveAttribute('data-static');
    expect(await box(node)).toEqual(at);
    // Nothing the member can see moves. (On /my-id the device's own code arrives after the take-over, whenever its
    // registration answers, and has been seen to nudge the card by 0.00006: well under a pixel.)
    expect(await layoutShift(page)).toBeLessThan(0.001);
    // And it answers: the account is one tap away, in the same document.
    await (path === '/my-id' ? page.locator('header a').first() : page.locator('nav').getByRole('link', { name: 'บัญชี' })).click();
    await expect(page).toHaveURL(onward);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(appErrors(consoleErrors)).toEqual([]);
  });
}

test("a returning member's card, whose code this device keeps, hydrates without a mismatch and then shows the code", async ({ page, consoleErrors }) => {
  await signInDemoMember(page);
  await page.goto('/my-id');
  await expect(page.locator('#root [data-testid="member-code"]')).toHaveText(/^\d{7,15}$/);
  // Opened again from LINE, say: no service worker, the server's page, the device's secret in storage.
  const release = await holdApp(page);
  await page.goto('/my-id', { waitUntil: 'commit' });
  const title = page.locator('#root main h1');
  await expect(title).toBeVisible();
  await markStatic(title);
  release();
  await expect(page.locator('#root:not([inert])')).toBeAttached();
  await expect(page.locator('#root [data-testid="member-code"]')).toHaveText(/^\d{7,15}$/);
  await expect(title).toHaveAttribute('data-static');
  expect(appErrors(consoleErrors)).toEqual([]);
});

test('a member who chose English gets the server’s page in English: readable without JavaScript, taken over as it is', async ({ page, browser, consoleErrors }) => {
  await signInDemoMember(page);
  // The member switches to English in the app, which keeps the choice as it always does (the device, and now a cookie).
  await page.goto('/my-account');
  await expect(page.locator('#root:not([inert])')).toBeAttached();
  await page.getByRole('button', { name: 'เปลี่ยนเป็นภาษาอังกฤษ (English)' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const me = await getProfile(page);
  const tier = await memberCall<{ tier_name: string }>(page, 'loyalty_program_customizations.overrides.get_tier', { customer: me.name });

  // Opened cold, JavaScript off: the server's page alone, in English, with the member's own data.
  const nojs = await withoutScripts(browser, page);
  await nojs.goto('/');
  const root = nojs.locator('#root');
  await expect(nojs.locator('html')).toHaveAttribute('lang', 'en');
  await expect(nojs.locator('meta[name="description"]')).toHaveAttribute('content', 'Member Rewards: collect points, redeem rewards and carry your member card, even offline.');
  await expect(nojs.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'Rewards');
  await expect(root).toContainText(`Hello, ${me.first_name ?? me.full_name}`);
  await expect(root.getByText(`${me.loyalty_points} points`).first()).toBeVisible();
  await expect(root.getByRole('list', { name: 'All rewards', exact: true }).getByRole('listitem').first()).toBeVisible();
  await expect(root).not.toContainText('สวัสดี');
  await screenshot(nojs, 'server-rendered-home-nojs-en');

  await nojs.goto('/my-id');
  await expect(root.locator('main h1')).toHaveText('My ID');
  await expect(root).toContainText(me.full_name ?? me.name);
  await expect(root).toContainText(`${tier.tier_name} Member`);
  await expect(root).toContainText(String(me.loyalty_points));
  await screenshot(nojs, 'server-rendered-my-id-nojs-en');
  await nojs.context().close();

  // JavaScript on: the app takes the English page over as it is, no Thai in between, nothing moving, no error.
  const release = await holdApp(page);
  await page.goto('/', { waitUntil: 'commit' });
  const greeting = page.getByText(`Hello, ${me.first_name ?? me.full_name}`);
  const card = page.getByRole('list', { name: 'All rewards', exact: true }).getByRole('listitem').first();
  await expect(card).toBeVisible();
  await expect(greeting).toBeVisible();
  const at = await box(card);
  await markStatic(card);
  await markStatic(greeting);
  release();
  await expect(page.locator('#root:not([inert])')).toBeAttached();
  await expect(card).toHaveAttribute('data-static');
  await expect(greeting).toHaveAttribute('data-static');
  expect(await box(card)).toEqual(at);
  expect(await layoutShift(page)).toBeLessThan(0.001);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.locator('nav').getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  expect(appErrors(consoleErrors)).toEqual([]);
});
