// Offline-first (issue 6): cold offline start with decodable member codes, cached reads, exactly-once queued
// writes (offline, dropped answer, rejection), cart persistence. Run against a production build (service worker):
//   BUILD_ID=offline-a npx vite build --outDir dist-offline
//   DIST_DIR=dist-offline E2E_PORT=8205 npx playwright test e2e/offline.spec.ts
import type { BrowserContext, Page } from '@playwright/test';
import { appErrors, expect, test, waitForServiceWorker } from './support/fixtures';
import { apiGet, signInDemoMember } from './support/offline';
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

/** The card of an address in the list, found by its street line. */
const card = (page: Page, line1: string) => page.getByRole('listitem').filter({ hasText: line1 });

test.describe('offline writes', () => {
  test('an address added offline waits, then reaches the server exactly once after the app is reopened online', async ({
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

    await closeAllPages(context);
    expect((await addresses(context).catch(() => before)).length).toBe(before.length);
    await context.setOffline(false);

    const reopened = await context.newPage();
    await reopened.goto('/shipping-address');
    await expect(card(reopened, line1).getByTestId('sync-badge')).toHaveAttribute('data-state', 'saved');
    await expect(card(reopened, line1)).toContainText('บันทึกแล้ว');
    await screenshot(reopened, 'offline-address-saved');
    const after = await addresses(context);
    expect(after.filter((a) => a.address_line1 === line1)).toHaveLength(1);
    expect(after.length).toBe(before.length + 1);
    expect(appErrors(consoleErrors)).toEqual([]);
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

  test('a queued write the server rejects shows its message and can be discarded', async ({ page, context }) => {
    await signedInApp(page);
    const before = await addresses(context);
    await context.setOffline(true);
    // A change queued on this device that the server will refuse (a pincode that is not a number, e.g. left
    // by an older version of the app whose form did not check it).
    await page.evaluate(async () => {
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
            args: { first_name: 'สมใจ', address_line1: '1 ถนนผิด', city: 'Bang Rak', state: 'Bangkok', country: 'Thailand', pincode: '10ab0' },
            verb: 'POST',
            label: '1 ถนนผิด',
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
    });
    await closeAllPages(context);
    await context.setOffline(false);

    const reopened = await context.newPage();
    await reopened.goto('/shipping-address');
    const rejected = reopened.getByTestId('rejected-write');
    await expect(rejected).toContainText('รหัสไปรษณีย์ต้องเป็นตัวเลข'); // the server's "Pincode must be a number"
    await screenshot(reopened, 'offline-address-rejected');
    await rejected.getByRole('button', { name: 'ยกเลิกการเปลี่ยนแปลง' }).click();
    await expect(rejected).toHaveCount(0);
    await reopened.reload();
    await expect(reopened.getByRole('heading', { name: 'ที่อยู่ของฉัน' })).toBeVisible();
    await expect(reopened.getByTestId('rejected-write')).toHaveCount(0);
    expect((await addresses(context)).length).toBe(before.length);
  });
});

