// Offline-first (issue 6): cold offline start with decodable member codes, cached reads, exactly-once queued
// writes (offline, dropped answer, rejection), cart persistence. Run against a production build (service worker):
//   BUILD_ID=offline-a npx vite build --outDir dist-offline
//   DIST_DIR=dist-offline E2E_PORT=8205 npx playwright test e2e/offline.spec.ts
import type { BrowserContext, Page } from '@playwright/test';
import { appErrors, expect, test, waitForServiceWorker } from './support/fixtures';
import { apiGet, decodeCanvasWithJsQr, decodePng, qrInk, signInDemoMember, themeColor } from './support/offline';
import { BASE_URL, VIEWPORT } from './support/env';
import { screenshot } from './support/screenshot';

interface Address {
  name: string;
  address_title: string;
  address_line1: string;
  pincode: string;
}

const addresses = (context: BrowserContext) => apiGet<Address[]>(context, 'headless_e_commerce.api.get_addresses');

/** Closes every page of the context: the "app" is closed, its storage and service worker stay. */
async function closeAllPages(context: BrowserContext) {
  for (const p of context.pages()) await p.close();
}

/** Signs in, then waits until the service worker controls the app (the app shell is precached). */
async function signedInApp(page: Page) {
  await signInDemoMember(page);
  await page.goto('/');
  await waitForServiceWorker(page);
}

async function fillAddress(page: Page, line1: string, pincode = '10500') {
  await page.getByLabel('ชื่อผู้รับ').fill('สมใจ');
  await page.getByLabel('นามสกุล').fill('ใจดี');
  await page.getByLabel(/^ที่อยู่\s*\*?$/).fill(line1);
  await page.getByLabel('จังหวัด').selectOption('Bangkok');
  await page.getByLabel('เขต / อำเภอ').selectOption('Bang Rak');
  await page.getByLabel('รหัสไปรษณีย์').fill(pincode);
  await page.getByRole('button', { name: 'บันทึกที่อยู่' }).click();
}

/** Puts an address add the server will refuse (pincode not a number) straight into the device's outbox. */
async function queueRefusedAddress(page: Page, line1: string) {
  await page.evaluate(async (line1) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('member-rewards-outbox');
      open.onupgradeneeded = () => open.result.createObjectStore('entries');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const id = crypto.randomUUID();
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('entries', 'readwrite');
      tx.objectStore('entries').put(
        {
          id,
          method: 'headless_e_commerce.api.add_address',
          args: { first_name: 'สมใจ', last_name: 'ใจดี', address_line1: line1, city: 'Bang Rak', state: 'Bangkok', country: 'Thailand', pincode: '10ab0' },
          verb: 'POST',
          label: line1,
          kind: 'address.add',
          invalidate: [['addresses', 'list']],
          createdAt: Date.now(),
          seq: 1,
          state: 'waiting',
          attempts: 0,
        },
        id,
      );
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, line1);
}

/** The card of an address in the list, found by its street line. */
const card = (page: Page, line1: string) => page.getByRole('listitem').filter({ hasText: line1 });

/** Visits a screen online and waits until `ready` shows, so its answers are in the device's cache. */
async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  await page.waitForTimeout(300); // a member reads the screen for a moment (its answers are written to the device)
}

test.describe('cold offline start', () => {
  test('/my-id opens with no network and its QR code and barcode decode; home, an info page and points history show their last data', async ({
    page,
    context,
  }) => {
    await signedInApp(page);
    let firstReward = '';
    await visit(page, '/', async (p) => {
      await expect(p.getByTestId('product-card').first()).toBeVisible();
      firstReward = (await p.getByTestId('product-card').first().innerText()).split('\n')[0]!.trim();
    });
    await visit(page, '/my-id', async (p) => {
      await expect(p.getByTestId('member-qr').locator('canvas')).toBeVisible();
    });
    await expect(page.getByTestId('member-code')).not.toHaveText('');
    await visit(page, '/member-conditions', async (p) => {
      await expect(p.getByRole('heading', { name: 'เงื่อนไขการเป็นสมาชิก' }).first()).toBeVisible();
      await expect(p.locator('main')).toContainText('สมัครสมาชิก');
    });
    await visit(page, '/reward-history', async (p) => {
      await expect(p.getByTestId('points-received').first()).toBeVisible();
    });
    const history = await page.getByTestId('points-received').allTextContents();

    // Airplane mode, the app closed and opened again from the home screen.
    await closeAllPages(context);
    await context.setOffline(true);
    const offline = await context.newPage();
    const failedApi: string[] = [];
    offline.on('requestfailed', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) failedApi.push(r.url());
    });
    await offline.goto('/my-id');
    const qr = offline.getByTestId('member-qr');
    await expect(qr.locator('canvas')).toBeVisible();
    // The code rotates (every 30 s, computed on the device): each decode is compared with the code shown then.
    const shown = async () => (await offline.getByTestId('member-code').innerText()).replace(/\s/g, '');
    const decodesToShown = async (decode: () => Promise<string | null | string[]>) => {
      const before = await shown();
      const decoded = await decode();
      const after = await shown();
      const text = Array.isArray(decoded) ? decoded.join('|') : decoded;
      return before !== '' && before === after && text === before;
    };
    await expect.poll(() => decodesToShown(() => decodeCanvasWithJsQr(qr))).toBe(true);
    await expect.poll(async () => decodesToShown(async () => decodePng(await qr.screenshot(), ['QRCode']))).toBe(true);
    await expect(offline.getByTestId('offline-banner')).toBeVisible();
    await screenshot(offline, 'offline-my-id-qr');
    await offline.getByRole('tab', { name: 'บาร์โค้ด' }).click();
    const barcode = offline.getByTestId('member-barcode');
    await expect(barcode).toBeVisible();
    await expect.poll(async () => decodesToShown(async () => decodePng(await barcode.screenshot(), ['Code128']))).toBe(true);
    await screenshot(offline, 'offline-my-id-barcode');
    // React has taken the boot module's card over: no second code on screen.
    await expect(offline.locator('#boot-member-card')).toHaveCount(0);

    // Before the framework: the boot module alone paints a code that decodes from what is stored on the device. A
    // browser without the service worker (which would serve the app's entry past page.route) and without the entry.
    const stored = await offline.evaluate(() => ({ ...localStorage }));
    const bareContext = await context.browser()!.newContext({ baseURL: BASE_URL, viewport: VIEWPORT, serviceWorkers: 'block' });
    await bareContext.addInitScript((items: Record<string, string>) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, stored);
    const bare = await bareContext.newPage();
    await bare.route(/\/assets\/main-[\w-]+\.js$/, (route) => route.abort());
    await bare.goto('/my-id');
    const bootCard = bare.locator('#boot-member-card');
    const bootShown = async () => (await bootCard.getByTestId('member-code').innerText()).replace(/\s/g, '');
    const bootQr = bootCard.getByTestId('member-qr');
    await expect.poll(async () => (await decodeCanvasWithJsQr(bootQr)) === (await bootShown())).toBe(true);
    // The boot painter draws the branded card too: zxing reads it at the card's size, in the brand's colour.
    await expect.poll(async () => (await decodePng(await bootQr.screenshot({ scale: 'css' }), ['QRCode'])).join('|') === (await bootShown())).toBe(true);
    expect(await qrInk(bootQr)).toEqual({ ink: await themeColor(bare), black: 0 });
    await screenshot(bare, 'offline-my-id-boot-card');
    await expect(bare.getByTestId('tier-line')).toHaveCount(0); // React never ran
    await bareContext.close();

    await offline.goto('/');
    await expect(offline.getByTestId('product-card').first()).toContainText(firstReward);
    await expect(offline.getByTestId('offline-updated')).toBeVisible();
    await screenshot(offline, 'offline-home');
    await offline.goto('/member-conditions');
    await expect(offline.locator('main')).toContainText('สมัครสมาชิก');
    await offline.goto('/reward-history');
    await expect(offline.getByTestId('points-received')).toHaveText(history);
    await expect(offline.getByTestId('offline-updated')).toBeVisible();
    await screenshot(offline, 'offline-points-history');
    // Nothing waits on the network: no API request even reached the (absent) network for these screens' data.
    expect(failedApi.filter((u) => !u.includes('/api/method/ping'))).toEqual([]);
  });

  test('a visitor who never signed in, opening the app offline, gets the sign-in screen at once', async ({ page, context }) => {
    await page.goto('/login');
    await waitForServiceWorker(page);
    await closeAllPages(context);
    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto('/');
    await expect(offline).toHaveURL(/\/login$/);
    await expect(offline.getByRole('button', { name: 'เข้าสู่ระบบด้วย LINE' })).toBeVisible();
    await expect(offline.getByTestId('offline-banner')).toBeVisible();
    await screenshot(offline, 'offline-guest-login');
  });

  test('a screen never opened before shows a friendly offline state, not a spinner', async ({ page, context }) => {
    await signedInApp(page);
    await closeAllPages(context);
    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto('/my-order');
    await expect(offline.getByText(/ยังไม่มีข้อมูลในเครื่อง|ต้องเชื่อมต่ออินเทอร์เน็ต/)).toBeVisible();
    await screenshot(offline, 'offline-never-seen');
  });
});

test.describe('cart', () => {
  test('survives a restart and shows the same items in a second tab', async ({ page, context }) => {
    await signedInApp(page);
    const addButtons = (p: Page) => p.getByTestId('shop-item').getByRole('button', { name: /^ใส่ตะกร้า/ });
    await page.goto('/shop');
    await addButtons(page).first().click();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    const second = await context.newPage();
    await second.goto('/shop');
    await expect(second.getByTestId('cart-badge')).toHaveText('1');
    // Another item added in the second tab shows in the first at once.
    await addButtons(second).nth(1).click();
    await expect(second.getByTestId('cart-badge')).toHaveText('2');
    await expect(page.getByTestId('cart-badge')).toHaveText('2');

    await closeAllPages(context);
    const restarted = await context.newPage();
    await restarted.goto('/shop');
    await expect(restarted.getByTestId('cart-badge')).toHaveText('2');
    await restarted.getByTestId('cart-button').click();
    await expect(restarted.getByTestId('cart-line')).toHaveCount(2);
  });
});

test.describe('offline writes', () => {
  test('an address added and the profile edited offline wait, then reach the server exactly once after the app is reopened online', async ({
    page,
    context,
    consoleErrors,
  }) => {
    await signedInApp(page);
    await page.goto('/shipping-address');
    await expect(page.getByRole('heading', { name: 'ที่อยู่ของฉัน' })).toBeVisible();
    const before = await addresses(context);

    await context.setOffline(true);
    const line1 = `99/1 ถนนออฟไลน์ ${Date.now()}`;
    await page.goto('/shipping-address/add');
    await fillAddress(page, line1);
    await expect(page.getByRole('dialog')).toContainText('รอซิงก์');
    await page.getByRole('link', { name: 'กลับไปที่อยู่ของฉัน' }).click();
    await expect(card(page, line1).getByTestId('sync-badge')).toHaveAttribute('data-state', 'waiting');
    await expect(card(page, line1)).toContainText('รอซิงก์');
    await screenshot(page, 'offline-address-waiting');

    // The profile, still offline: shown at once with the new name, 'waiting to sync'.
    const newFirst = `สมใจ${Date.now() % 1000}`;
    await page.goto('/edit-profile');
    await page.getByLabel(/^ชื่อ\s*\*?$/).fill(newFirst);
    await page.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: new RegExp(newFirst) })).toBeVisible();
    await expect(page.getByTestId('sync-badge')).toHaveAttribute('data-state', 'waiting');
    await screenshot(page, 'offline-profile-waiting');

    await closeAllPages(context);
    expect((await addresses(context).catch(() => before)).length).toBe(before.length);
    await context.setOffline(false);

    const reopened = await context.newPage();
    await reopened.goto('/shipping-address');
    await expect(card(reopened, line1).getByTestId('sync-badge')).toHaveAttribute('data-state', 'saved');
    await expect(card(reopened, line1)).toContainText('บันทึกแล้ว');
    await screenshot(reopened, 'offline-address-saved');
    await reopened.goto('/profile');
    await expect(reopened.getByTestId('sync-badge')).toHaveAttribute('data-state', 'saved');
    await expect(reopened.getByRole('heading', { name: new RegExp(newFirst) })).toBeVisible();
    const profile = await apiGet<{ first_name: string }>(context, 'headless_e_commerce.api.get_profile');
    expect(profile.first_name).toBe(newFirst);
    const after = await addresses(context);
    expect(after.filter((a) => a.address_line1 === line1)).toHaveLength(1);
    expect(after.length).toBe(before.length + 1);
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('an address added offline on a device that never loaded the address list shows in the list, waiting, then saved', async ({ page, context }) => {
    await signedInApp(page);
    const before = await addresses(context);
    await context.setOffline(true);
    const line1 = `7 ถนนเครื่องใหม่ ${Date.now()}`;
    await page.goto('/shipping-address/add');
    await fillAddress(page, line1);
    await expect(page.getByRole('dialog')).toContainText('รอซิงก์');
    await page.getByRole('link', { name: 'กลับไปที่อยู่ของฉัน' }).click();
    await expect(card(page, line1).getByTestId('sync-badge')).toHaveAttribute('data-state', 'waiting');
    await expect(page.getByTestId('addresses-partial')).toBeVisible();
    await expect(page.getByTestId('offline-state')).toHaveCount(0);
    await screenshot(page, 'offline-address-waiting-never-listed');

    await context.setOffline(false);
    await expect(card(page, line1).getByTestId('sync-badge')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
    await expect(page.getByTestId('addresses-partial')).toHaveCount(0);
    const after = await addresses(context);
    expect(after.filter((a) => a.address_line1 === line1)).toHaveLength(1);
    expect(after.length).toBe(before.length + 1);
  });

  test('an answer lost on the way back still gives exactly one address', async ({ page, context }) => {
    await signedInApp(page);
    const before = await addresses(context);
    let dropped = 0;
    // The request reaches the server and is carried out; the answer never reaches the app.
    await context.route('**/api/method/headless_e_commerce.api.add_address', async (route) => {
      if (dropped === 0) {
        dropped++;
        await route.fetch();
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });
    const line1 = `12 ถนนคำตอบหาย ${Date.now()}`;
    await page.goto('/shipping-address/add');
    await fillAddress(page, line1);
    await page.getByRole('link', { name: 'กลับไปที่อยู่ของฉัน' }).click();
    // The outbox retries with the same Idempotency-Key; the server answers with its first answer.
    await expect(card(page, line1).getByTestId('sync-badge')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
    expect(dropped).toBe(1);
    const after = await addresses(context);
    expect(after.filter((a) => a.address_line1 === line1)).toHaveLength(1);
    expect(after.length).toBe(before.length + 1);
  });

  test('a queued write the server rejects shows its message and can be fixed or discarded', async ({ page, context }) => {
    await signedInApp(page);
    const before = await addresses(context);
    await context.setOffline(true);
    // Changes queued on this device that the server will refuse (a pincode that is not a number, e.g. left by
    // an older version of the app whose form did not check it).
    await queueRefusedAddress(page, '1 ถนนผิด');
    await queueRefusedAddress(page, '2 ถนนแก้');
    await closeAllPages(context);
    await context.setOffline(false);

    const reopened = await context.newPage();
    await reopened.goto('/shipping-address');
    const rejected = reopened.getByTestId('rejected-write');
    await expect(rejected).toHaveCount(2);
    await expect(rejected.first()).toContainText('รหัสไปรษณีย์ต้องเป็นตัวเลข'); // the server's "Pincode must be a number"
    await screenshot(reopened, 'offline-address-rejected');

    // Discard the first: it is gone for good.
    await rejected.filter({ hasText: '1 ถนนผิด' }).getByRole('button', { name: 'ยกเลิกการเปลี่ยนแปลง' }).click();
    await expect(rejected).toHaveCount(1);

    // Fix the second: its form opens with the refused values and the server's message under the postal code.
    await rejected.filter({ hasText: '2 ถนนแก้' }).getByRole('button', { name: 'แก้ไข' }).click();
    await expect(reopened).toHaveURL(/\/shipping-address\/add\?fix=/);
    await expect(reopened.getByLabel(/^ที่อยู่\s*\*?$/)).toHaveValue('2 ถนนแก้');
    await expect(reopened.getByText('รหัสไปรษณีย์ต้องเป็นตัวเลข')).toBeVisible();
    await screenshot(reopened, 'offline-address-fix', { fullPage: true });
    await reopened.getByLabel('รหัสไปรษณีย์').fill('10500');
    await reopened.getByRole('button', { name: 'บันทึกที่อยู่' }).click();
    await expect(reopened.getByRole('dialog', { name: 'บันทึกที่อยู่เรียบร้อย' })).toBeVisible();
    await reopened.getByRole('link', { name: 'กลับไปที่อยู่ของฉัน' }).click();
    await expect(card(reopened, '2 ถนนแก้')).toBeVisible();
    await expect(reopened.getByTestId('rejected-write')).toHaveCount(0);

    await reopened.reload();
    await expect(reopened.getByRole('heading', { name: 'ที่อยู่ของฉัน' })).toBeVisible();
    await expect(reopened.getByTestId('rejected-write')).toHaveCount(0);
    const after = await addresses(context);
    expect(after.length).toBe(before.length + 1);
    expect(after.filter((a) => a.address_line1 === '2 ถนนแก้').map((a) => a.pincode)).toEqual(['10500']);
    expect(after.some((a) => a.address_line1 === '1 ถนนผิด')).toBe(false);
  });
});

