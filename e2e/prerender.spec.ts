import { request, type Locator } from '@playwright/test';
import { appErrors, expect, test, waitForServiceWorker } from './support/fixtures';
import { signInDemoMember } from './support/member';
import { screenshot } from './support/screenshot';
import { holdApp } from './support/hold-app';
import { BASE_URL } from './support/env';

/**
 * The first paint does not wait for the framework: /login, /welcome and the bakery's static pages come as HTML the
 * build rendered, and every other address gets index.html with the member home's frame (header, tab bar, loading
 * blocks). The app then takes the page over without anything moving.
 */

const PAGES: Array<[string, RegExp]> = [
  ['/login', /^ยินดีต้อนรับ$/],
  ['/welcome', /ยินดีต้อนรับสู่ Member Rewards/],
  ['/laveena-about-us', /เกี่ยวกับลาวีน่า/],
  ['/privacy-policy', /นโยบาย/],
  ['/product', /\S/],
];


/** With the entry held, neither DOMContentLoaded (it waits for module scripts) nor load comes. */
const HELD = { waitUntil: 'commit' } as const;

/** Marks the nodes the HTML brought, so a wait can tell when React has drawn its own in their place. */
const markStatic = (locator: Locator) => locator.evaluate((el) => el.setAttribute('data-static', ''));
const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
};

test.describe('paint before the framework', () => {
  // The app's entry is held at the network: a service worker would answer it from its cache instead.
  test.use({ serviceWorkers: 'block' });

  test('the guest and bakery pages are readable with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, heading] of PAGES) {
      await page.goto(path);
      await expect(page.locator('#root h1').first()).toHaveText(heading);
      await screenshot(page, `prerendered${path.replace('/', '-')}-nojs`);
    }
    await page.goto('/login');
    // The sign-in's button and the staff link are there, styled, and the link works without the app.
    await expect(page.locator('#root main button')).toContainText('LINE');
    expect((await box(page.locator('#root main button'))).height).toBeGreaterThan(40);
    await page.locator('#root a[href="/staff-login"]').click();
    await expect(page).toHaveURL(/\/staff-login$/);
    await context.close();
  });

  test('/login: the heading and the sign-in button do not move when the app takes over', async ({ page, consoleErrors }) => {
    const release = await holdApp(page);
    await page.goto('/login', HELD);
    const heading = page.locator('main h1');
    const button = page.locator('main button').first();
    await expect(heading).toHaveText('ยินดีต้อนรับ');
    const before = [await box(heading), await box(button)];
    await markStatic(heading);
    await markStatic(button);
    release();
    await expect(page.locator('main h1:not([data-static])')).toBeVisible();
    await expect(page.locator('main button:not([data-static])').first()).toBeVisible();
    expect([await box(heading), await box(button)]).toEqual(before);
    // The app's own button now answers: the consent dialog opens.
    await page.getByRole('button', { name: 'เข้าสู่ระบบด้วย LINE' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('a reader who chose English never gets the Thai page, and the app shows it in English', async ({ page, consoleErrors }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    const release = await holdApp(page);
    await page.goto('/login', HELD);
    // The boot module (ahead of the held entry) empties the root before the app draws.
    await expect(page.locator('#root')).toBeEmpty();
    release();
    await expect(page.getByRole('heading', { name: 'Welcome', exact: true })).toBeVisible();
    await screenshot(page, 'prerendered-login-en');
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test("a member's frame: the header and the tab bar are there before the app and do not move when it mounts", async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    // index.html as the service worker serves it to every member (the same for all: fetched without the session);
    // the server itself answers a member's own navigation with their screen rendered (server-render.spec.ts).
    const anyone = await request.newContext({ baseURL: BASE_URL });
    await page.route((url) => url.pathname === '/', async (route) => route.fulfill({ response: await anyone.get('/') }));
    const release = await holdApp(page);
    await page.goto('/', HELD);
    const header = page.locator('header').first();
    const nav = page.locator('nav').last();
    await expect(nav).toContainText('หน้าแรก');
    const before = [await box(header), await box(nav)];
    await screenshot(page, 'prerendered-member-frame');
    await markStatic(header);
    await markStatic(nav);
    release();
    await expect(page.locator('header:not([data-static])')).toBeVisible();
    await expect(page.locator('nav:not([data-static])')).toBeVisible();
    expect([await box(header), await box(nav)]).toEqual(before);
    await anyone.dispose();
    // Elsewhere the home's frame would be wrong: a screen of its own (the profile) starts from an empty root. (The
    // member card is rendered by the server: server-render.spec.ts.)
    await page.unrouteAll();
    const releaseCard = await holdApp(page);
    await page.goto('/profile', HELD);
    await expect(page.locator('#root')).toBeEmpty();
    releaseCard();
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('nav', { hasText: 'หน้าแรก' })).toHaveCount(0);
    // A signed-in member never sees the sign-in page on /login: the root is empty until the app sends them home.
    await page.unrouteAll();
    const releaseLogin = await holdApp(page);
    await page.goto('/login', HELD);
    await expect(page.locator('#root')).toBeEmpty();
    releaseLogin();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('nav', { hasText: 'หน้าแรก' })).toBeVisible();
    expect(appErrors(consoleErrors)).toEqual([]);
  });
});

test.describe('paint before the framework, offline', () => {

  test('offline, a prerendered page comes from the service worker for its own address', async ({ page, context }) => {
    await page.goto('/login');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    const about = await page.goto('/laveena-about-us');
    expect(about?.fromServiceWorker()).toBe(true);
    expect(await about?.text()).toContain('data-prerendered="/laveena-about-us"');
    await expect(page.locator('main h1').first()).toHaveText(/เกี่ยวกับลาวีน่า/);
    // Any other address gets index.html with the member frame.
    const other = await page.goto('/reward-history');
    expect(await other?.text()).toContain('data-prerendered="/my-account /"');
    await context.setOffline(false);
  });

  test('the offline note moves nothing: neither going offline on a pre-rendered page nor opening one offline', async ({ page, context, consoleErrors }) => {
    await page.goto('/login');
    await waitForServiceWorker(page);
    const heading = page.locator('main h1');
    const button = page.getByRole('button', { name: 'เข้าสู่ระบบด้วย LINE' });
    await expect(button).toBeVisible();
    const online = [await box(heading), await box(button)];
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    expect([await box(heading), await box(button)]).toEqual(online);
    await screenshot(page, 'offline-note-login');

    // Opened offline: where the page's own HTML put the heading at its first paint (before the app ran: it starts
    // a frame later), and where it is once the app has added the note.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () =>
        requestAnimationFrame(() => {
          const h1 = document.querySelector('#root main h1');
          (window as unknown as { __painted?: unknown }).__painted = h1 && { y: h1.getBoundingClientRect().y, text: h1.textContent };
        }),
      ),
    );
    await page.goto('/login');
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(button).toBeVisible();
    const painted = await page.evaluate(() => (window as unknown as { __painted?: { y: number; text: string } }).__painted);
    expect(painted?.text).toBe('ยินดีต้อนรับ');
    expect((await box(heading)).y).toBe(painted?.y);
    await context.setOffline(false);
    expect(appErrors(consoleErrors, [/ERR_INTERNET_DISCONNECTED|Failed to fetch/])).toEqual([]);
  });
});
