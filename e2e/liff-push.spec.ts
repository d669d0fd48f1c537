import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { appErrors, expect, test, waitForServiceWorker } from './support/fixtures';
import { BASE_URL } from './support/env';
import { memberCall, newVerifiedMember, redeemTote, signInDemoMember, staffAward } from './support/member';
import { screenshot } from './support/screenshot';
import { LocalPushService, type TestSubscription } from '../tests/support/push-service';

/**
 * Issue 18 end to end against the real server: the member card opened inside LINE (the development LIFF stand-in
 * plays LINE), and a staff award that reaches the member as a notification the service worker shows.
 *
 * No browser push service exists here, so two things stand in for the browser vendor's side: the test runs a
 * push service of its own (the server posts the encrypted push to it; the test decrypts it with the subscription's
 * keys), and the page's PushManager hands out a subscription on that service instead of asking Chromium's push
 * service (which cannot be reached). The decrypted payload is then given to the service worker with the DevTools
 * protocol (ServiceWorker.deliverPushMessage), as the browser would on receiving it.
 */
test.describe.configure({ mode: 'serial' });

const LINE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 Line/14.2.0';

async function phoneContext(browser: import('@playwright/test').Browser, extra: Parameters<typeof browser.newContext>[0] = {}) {
  return browser.newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, ...extra });
}

test('opening /liff inside LINE lands signed in on the member card, as the same member LINE Login knows', async ({ browser, page, consoleErrors }) => {
  // Who the demo member is when signing in with LINE Login in a browser.
  await signInDemoMember(page);
  const viaLineLogin = await memberCall<{ user: string }>(page, 'member_rewards.api.boot');

  const inLine = await phoneContext(browser, { userAgent: LINE_UA });
  try {
    const liff = await inLine.newPage();
    await liff.goto('/liff');
    // First time only: LINE's consent for the LIFF app (here the stand-in's page, with the account to use).
    await liff.waitForURL(/\/api\/dev\/liff\/authorize/);
    await liff.getByRole('button', { name: /อนุญาตและเปิดเป็น/ }).click();
    // Nobody signed in on this device yet: the privacy notice first, and the sign-in records the version shown.
    const notice = liff.getByRole('dialog', { name: 'นโยบายคุ้มครองข้อมูลส่วนบุคคล' });
    await notice.getByRole('checkbox').check();
    const shown = Number((await notice.getByTestId('privacy-version').textContent())?.match(/\d+/)?.[0]);
    const signIn = liff.waitForRequest((r) => r.url().includes('liff_login') && r.postDataJSON()?.privacy_version === shown);
    await notice.getByRole('button', { name: 'ดำเนินการต่อ' }).click();
    await signIn;
    await liff.waitForURL('**/my-id');
    await expect(liff.getByTestId('member-code')).toHaveText(/^\d{7,15}$/, { timeout: 20_000 });
    const boot = await memberCall<{ user: string; roles: string[] }>(liff, 'member_rewards.api.boot');
    expect(boot.user).toBe(viaLineLogin.user);
    expect(boot.roles).toContain('Member');

    // A LIFF URL with a deep link (https://liff.line.me/<id>/reward-history arrives as liff.state): no consent again.
    await liff.goto('/liff?liff.state=%2Freward-history');
    await liff.waitForURL('**/reward-history');
    await expect(liff.getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(liff.url()).pathname).toBe('/reward-history');
  } finally {
    await inLine.close();
  }
  expect(appErrors(consoleErrors)).toEqual([]);
});

/**
 * Replaces PushManager's subscribe/getSubscription with a subscription on the test's push service (kept in
 * sessionStorage across the page's navigations), and counts permission requests: the app must ask only after a tap.
 */
function pushStandIn(sub: TestSubscription) {
  return `(() => {
    const sub = ${JSON.stringify(sub)};
    const KEY = 'e2e-push-subscription';
    const bytes = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    const make = (serverKey) => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytes(serverKey) },
      getKey: (name) => bytes(name === 'p256dh' ? sub.keys.p256dh : sub.keys.auth),
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => { sessionStorage.removeItem(KEY); return true; },
    });
    const b64 = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
    if (typeof PushManager !== 'undefined') {
      PushManager.prototype.subscribe = async function (options) {
        const key = options.applicationServerKey;
        const serverKey = b64(key instanceof ArrayBuffer ? key : key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength));
        sessionStorage.setItem(KEY, serverKey);
        return make(serverKey);
      };
      PushManager.prototype.getSubscription = async function () {
        const serverKey = sessionStorage.getItem(KEY);
        return serverKey ? make(serverKey) : null;
      };
    }
    if (typeof Notification !== 'undefined') {
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args) => {
        sessionStorage.setItem('e2e-permission-asks', String(Number(sessionStorage.getItem('e2e-permission-asks') ?? 0) + 1));
        return ask(...args);
      };
    }
  })();`;
}

/** Serious or critical axe-core violations inside one part of the screen. */
async function axeProblems(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

const permissionAsks = (page: Page) => page.evaluate(() => Number(sessionStorage.getItem('e2e-permission-asks') ?? 0));

let lastCode = '';
/** Staff award points on the member's current code; each award waits for a fresh code. */
async function award(member: Page, amount: number) {
  const { points, code } = await staffAward(member, amount, lastCode);
  lastCode = code;
  return points;
}

/** A DevTools session with the ServiceWorker domain on, and the id of the app's worker registration. */
async function serviceWorkerDevTools(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${BASE_URL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await found };
}

test('after a redemption the app offers notifications; a staff award then shows one, and a tap opens the points history', async ({ page, context, consoleErrors }) => {
  const push = await new LocalPushService().start();
  try {
    const sub = push.subscription();
    await context.addInitScript(pushStandIn(sub));
    await newVerifiedMember(page, `แจ้งเตือน ${Date.now() % 100000}`);

    // Settings on /my-account: quiet hours off, so the test does not depend on the hour it runs at.
    await page.goto('/my-account');
    await waitForServiceWorker(page);
    const settings = page.getByTestId('notification-settings');
    const quiet = settings.getByRole('switch', { name: /งดแจ้งเตือน/ });
    await expect(quiet).toBeChecked();
    // A tap on the switch (its input is visually hidden under the track the member sees).
    await quiet.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await quiet.click({ force: true });
    await expect(quiet).not.toBeChecked();
    await expect(settings.getByTestId('push-device-state')).toHaveText('ยังไม่เปิด');
    expect(await permissionAsks(page), 'never asked without a tap').toBe(0);

    // Points, then the first redemption: the thank-you page offers notifications (permission still undecided).
    expect(await award(page, 500)).toBe(20);
    const order = await redeemTote(page);
    await page.goto(`/thankyou?order_id=${order.name}`);
    const offer = page.getByTestId('push-offer');
    await expect(offer).toBeVisible();
    expect(await permissionAsks(page)).toBe(0);
    expect(await axeProblems(page, '[data-testid="push-offer"]')).toEqual([]);
    await screenshot(page, 'push-offer-th', { fullPage: true });

    // The member taps "turn on"; the browser's permission prompt is answered "allow".
    await context.grantPermissions(['notifications'], { origin: BASE_URL });
    await offer.getByRole('button', { name: 'เปิดการแจ้งเตือน' }).click();
    await expect(page.getByText('เปิดการแจ้งเตือนแล้ว เปลี่ยนได้ที่บัญชีของฉัน')).toBeVisible();
    expect(await permissionAsks(page)).toBe(1);
    const key = await memberCall<{ public_key: string }>(page, 'member_rewards.notifications.get_vapid_public_key');
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-push-subscription'))).toBe(key.public_key);

    await page.goto('/my-account');
    await expect(settings.getByTestId('push-device-state')).toHaveText('เปิดอยู่');
    await settings.scrollIntoViewIfNeeded();
    expect(await axeProblems(page, '[data-testid="notification-settings"]')).toEqual([]);
    await screenshot(page, 'notification-settings-th');

    // A staff award: the server delivers it to the push service, which the test decrypts.
    const devtools = await serviceWorkerDevTools(context, page);
    const points = await award(page, 100);
    const payloadFor = async () =>
      (push.payloads(sub) as Array<{ kind: string; title: { th: string } }>).find((p) => p.kind === 'points_received' && p.title.th === `ได้รับ ${points} คะแนน`);
    await expect.poll(payloadFor, { timeout: 20_000 }).toBeDefined();
    const payload = (await payloadFor())!;

    // The browser receives it: the service worker shows it, in the app's language.
    await devtools.cdp.send('ServiceWorker.deliverPushMessage', {
      origin: BASE_URL,
      registrationId: devtools.registrationId,
      data: JSON.stringify(payload),
    });
    const shown = async () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data })));
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const [notification] = await shown();
    expect(notification!.title).toBe(`ได้รับ ${points} คะแนน`);
    expect(notification!.body).toContain('คะแนนคงเหลือ');
    expect(notification!.data).toEqual({ url: '/reward-history' });

    // A tap: the worker's notificationclick handler takes the open app to the points history.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(async () => {
      // Worker globals, which the page's DOM types do not describe.
      const sw = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [n] = await sw.registration.getNotifications();
      sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: n! }));
    });
    await page.waitForURL('**/reward-history');
    await expect(page.getByTestId('points-received').first()).toBeVisible({ timeout: 15_000 });

    // LINE got it too (the member signed in with LINE): the development outbox, with a link back into LINE's app.
    const line = await memberCall<Array<{ text: string }>>(page, 'member_rewards.dev.line_outbox', { limit: '50' });
    expect(line.some((m) => m.text.includes(`ได้รับ ${points} คะแนน`) && m.text.includes('/liff/reward-history'))).toBe(true);

    // The same screens in English.
    await page.goto('/my-account');
    await page.getByRole('button', { name: 'เปลี่ยนเป็นภาษาอังกฤษ (English)' }).click();
    await expect(settings.getByText('Notifications on this device')).toBeVisible();
    await settings.scrollIntoViewIfNeeded();
    await screenshot(page, 'notification-settings-en');
    // As on a device that has not decided yet: no subscription, permission not asked, offer not answered.
    await page.evaluate(() => {
      localStorage.removeItem('push-offer-answered');
      sessionStorage.removeItem('e2e-push-subscription');
    });
    await context.clearPermissions();
    await page.goto(`/thankyou?order_id=${order.name}`);
    await expect(page.getByTestId('push-offer')).toBeVisible();
    await screenshot(page, 'push-offer-en', { fullPage: true });
    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByTestId('push-offer')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('thankyou-order')).toHaveText(order.name);
    await expect(page.getByTestId('push-offer')).toHaveCount(0);
  } finally {
    await push.close();
  }
  expect(appErrors(consoleErrors)).toEqual([]);
});
