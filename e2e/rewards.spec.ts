import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { appErrors, expect, test, waitForServiceWorker } from './support/fixtures';
import { request } from '@playwright/test';
import { BASE_URL, STAFF_EMAIL, STAFF_PASSWORD } from './support/env';
import { adminApi, memberCall, newVerifiedMember, signInDemoMember } from './support/member';
import { screenshot } from './support/screenshot';
import { formatRewardCode } from '../contracts/reward-code';

// The reader's .wasm comes from node_modules, never from a CDN.
const require = createRequire(import.meta.url);
const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer } });

/**
 * Records, from the first paint, when elements matching each selector were first seen (and how many), so a
 * 1 s skeleton is checked without racing the test runner's polling on a busy machine.
 */
async function watchMarks(page: import('@playwright/test').Page, selectors: Record<string, string>) {
  await page.addInitScript((sels: Record<string, string>) => {
    const w = window as unknown as { __marks: Record<string, { at: number; count: number }> };
    w.__marks = {};
    const check = () => {
      for (const [name, sel] of Object.entries(sels)) {
        if (w.__marks[name]) continue;
        const found = document.querySelectorAll(sel);
        if (found.length) w.__marks[name] = { at: performance.now(), count: found.length };
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  }, selectors);
}
const marks = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __marks: Record<string, { at: number; count: number }> }).__marks);

/** A finger on the touch screen dragging the page down from near its top, then lifted (Chromium's Touch events). */
async function pullDown(page: import('@playwright/test').Page, distance = 220) {
  await page.evaluate((distance) => {
    const target = document.elementFromPoint(195, 300) ?? document.body;
    const at = (y: number) => [new Touch({ identifier: 1, target, clientX: 195, clientY: y })];
    const send = (type: string, y: number | null) =>
      target.dispatchEvent(new TouchEvent(type, { bubbles: true, cancelable: true, touches: y === null ? [] : at(y), changedTouches: at(y ?? 300 + distance) }));
    send('touchstart', 300);
    for (let i = 1; i <= 10; i++) send('touchmove', 300 + (distance * i) / 10);
    send('touchend', null);
  }, distance);
}

interface Order {
  name: string;
  order_type: string;
  reward_code?: string | null;
  delivery_notes: { status: string }[];
}

test.describe.serial('rewards and orders', () => {
  let orderName = '';
  let rewardCode = '';

  test('a member redeems a reward: home, detail, gift checkout, thank-you, my orders, points history', async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    // The home from the installed app (the service worker's shell), whose rows wait out their skeleton second; a
    // navigation that reaches the server comes rendered, cards and all (server-render.spec.ts).
    await waitForServiceWorker(page);
    await watchMarks(page, {
      skeleton: '[data-testid="carousel-skeleton"] > div',
      cards: '[data-testid="product-card"]',
      historySkeleton: '[data-testid="history-skeleton"]',
      historyRows: '[data-testid="points-received"]',
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');

    const card = page.getByTestId('member-points-card');
    await expect(card.getByTestId('points-balance')).toHaveText('24');
    await expect(card.getByTestId('tier-name')).toHaveText('สมาชิก Silver');
    await expect(card.getByTestId('tier-progress')).toHaveText('อีก 11 คะแนน เป็น Gold');
    const gifts = page.getByRole('list', { name: 'ของรางวัล', exact: true });
    await expect(gifts.getByTestId('product-card').first()).toBeVisible();
    // Hidden by the rules: a reward out of its schedule, a card whose tags lack the carousel's tag.
    await expect(page.getByText('ถุงเท้าลายเทศกาล')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'คูปองส่วนลด' }).getByText('คูปองวันเกิดลด 50%')).toHaveCount(0);
    const width = await gifts.getByTestId('product-card').first().evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(150);
    // Three skeleton cards per carousel (3 carousels) for the first second, then the cards.
    const home = await marks(page);
    expect(home.skeleton?.count).toBe(9);
    expect(home.cards!.at - home.skeleton!.at).toBeGreaterThanOrEqual(900);
    // The cards and the points take the places their skeletons held: nothing on the screen moved.
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.005);
    await screenshot(page, 'rewards-home');

    // Pull to refresh: a finger dragged down from the top shows the indicator and asks the server again (the
    // answer is held until the indicator has been seen, so a fast server cannot end the refresh first).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route('**/api/method/headless_e_commerce.api.get_loyalty_points_details*', async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await pullDown(page);
    await expect(page.getByTestId('pull-indicator')).toHaveAttribute('data-phase', 'refreshing');
    await expect.poll(() => asked).toBe(true);
    await screenshot(page, 'rewards-home-pull');
    release();
    await expect(page.getByTestId('pull-indicator')).toHaveCount(0);
    await page.unroute('**/api/method/headless_e_commerce.api.get_loyalty_points_details*');

    // A reward that costs more than the member has: the redeem button is disabled and grey.
    await page.goto('/products/GIFT-COOLER');
    await expect(page.getByTestId('redeem-button')).toBeDisabled();
    await expect(page.getByText('คะแนนของคุณไม่พอ (มี 24 คะแนน)')).toBeVisible();

    await page.goto('/');
    await gifts.getByRole('link', { name: /แก้วน้ำเก็บอุณหภูมิ/ }).click();
    await expect(page).toHaveURL(/\/products\/GIFT-TUMBLER$/);
    await expect(page.getByTestId('points-required')).toHaveText('20 คะแนน');
    await expect(page.getByText('ใช้ที่ร้าน')).toBeVisible();
    await expect(page.getByText(/ใช้ได้ถึง/)).toBeVisible();
    await expect(page.getByText('เงื่อนไขการแลกของรางวัล')).toBeVisible();
    await screenshot(page, 'rewards-detail');
    await page.getByTestId('redeem-button').click();

    await expect(page).toHaveURL(/\/GIFT-TUMBLER\/gift-checkout$/);
    const redeem = page.getByTestId('redeem-using');
    await expect(redeem).toHaveText('แลกด้วย 20 คะแนน');
    await expect(redeem).toBeDisabled(); // no branch yet
    await page.getByTestId('branch-select').selectOption('สาขาสยาม');
    await expect(redeem).toBeEnabled();
    await screenshot(page, 'rewards-gift-checkout');
    await redeem.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('ยืนยันการแลกของรางวัล')).toBeVisible();
    await expect(dialog.getByText('หลังกดยืนยัน คุณสามารถเก็บไว้ใช้ภายหลังได้')).toBeVisible();
    await screenshot(page, 'rewards-confirm');
    await dialog.getByTestId('confirm-redeem').click();

    await expect(page).toHaveURL(/\/thankyou\?/);
    orderName = (await page.getByTestId('thankyou-order').textContent()) ?? '';
    expect(orderName).toMatch(/^ACC-SINV-\d{4}-\d{5}$/);
    await expect(page.getByText('แลกของรางวัลสำเร็จ')).toBeVisible();
    await screenshot(page, 'rewards-thankyou-redeem');

    await page.getByRole('link', { name: 'คำสั่งซื้อของฉัน' }).click();
    await expect(page).toHaveURL(/\/my-order$/);
    const row = page.locator(`[data-testid="order-row"][data-order="${orderName}"]`);
    await expect(row.getByTestId('coupon-state')).toHaveText('ใช้คูปองได้');
    await expect(row.getByTestId('order-view')).toBeEnabled();
    await screenshot(page, 'rewards-my-orders');

    await page.goto('/reward-history');
    await expect(page.getByTestId('history-balance')).toHaveText('4 คะแนน');
    await expect(page.getByTestId('points-received').first()).toBeVisible();
    const history = await marks(page);
    expect(history.historyRows!.at - history.historySkeleton!.at).toBeGreaterThanOrEqual(900);
    await expect(page.getByTestId('expiry-note')).toContainText('คะแนนจะหมดอายุภายใน');
    await expect(page.getByTestId('points-received').first()).toContainText('คุณได้รับคะแนน');
    await page.getByRole('tab', { name: 'คะแนนที่ใช้ไป' }).click();
    const used = page.getByTestId('points-used').first();
    await expect(used).toContainText('ใช้คะแนน');
    await expect(used).toContainText('-20 คะแนน');
    await screenshot(page, 'rewards-history-used');

    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('the reward order shows its random till code, and its QR code and barcode decode back to it', async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    const orders = await memberCall<Order[]>(page, 'honda_api.api_calls.getuser.getorders');
    if (!orderName) orderName = orders.find((o) => o.order_type === 'redemption')?.name ?? '';
    expect(orderName).not.toBe('');
    rewardCode = orders.find((o) => o.name === orderName)?.reward_code ?? '';
    expect(rewardCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    await page.goto(`/my-order/${orderName}`);
    // Shown in groups of four; the sequential order name is not what the till reads.
    await expect(page.getByTestId('order-code')).toHaveText(formatRewardCode(rewardCode));
    await screenshot(page, 'rewards-order-code');

    await page.getByRole('tab', { name: 'QR Code' }).click();
    const qr = page.getByTestId('order-qr');
    await expect(qr).toHaveAttribute('data-size', '150');
    // The drag handle expands the panel: QR 200 px; again collapses it: 150 px.
    await page.getByTestId('drag-handle').click();
    await expect(qr).toHaveAttribute('data-size', '200');
    await expect(page.getByTestId('drag-handle')).toHaveAttribute('aria-expanded', 'true');
    await screenshot(page, 'rewards-order-qr');
    const qrShot = await qr.screenshot({ type: 'jpeg', quality: 100 });
    const image = jpeg.decode(qrShot, { useTArray: true });
    const decoded = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height);
    expect(decoded?.data).toBe(rewardCode);
    const zxQr = await readBarcodes(new Uint8Array(await qr.screenshot({ type: 'png' })), { formats: ['QRCode'] });
    expect(zxQr[0]?.text).toBe(rewardCode);
    await page.getByTestId('drag-handle').click();
    await expect(qr).toHaveAttribute('data-size', '150');

    await page.getByRole('tab', { name: 'บาร์โค้ด' }).click();
    const barcode = page.getByTestId('order-barcode');
    await expect(barcode).toBeVisible();
    await screenshot(page, 'rewards-order-barcode');
    const results = await readBarcodes(new Uint8Array(await barcode.screenshot({ type: 'png' })), { formats: ['Code128'] });
    expect(results[0]?.text).toBe(rewardCode);

    // Scrolling more than 1 px expands the panel. The element screenshots above may have scrolled the page
    // (which rightly expanded it), so this starts from a fresh visit at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.goto(`/my-order/${orderName}`);
    await expect(page.getByTestId('order-code')).toHaveText(formatRewardCode(rewardCode));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('tab', { name: 'QR Code' }).click();
    await expect(qr).toHaveAttribute('data-size', '150');
    await page.mouse.wheel(0, 40);
    await expect(qr).toHaveAttribute('data-size', '200');
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('the reward order opens from a cold offline start (shop basement) and its codes still decode', async ({ page, context }) => {
    expect(orderName).not.toBe('');
    await signInDemoMember(page);
    expect(rewardCode).not.toBe('');
    await page.goto(`/my-order/${orderName}`);
    await waitForServiceWorker(page);
    await expect(page.getByTestId('order-code')).toHaveText(formatRewardCode(rewardCode));
    await page.waitForTimeout(300); // the member looks at it for a moment: its answer is written to the device
    for (const p of context.pages()) await p.close();

    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto(`/my-order/${orderName}`);
    await expect(offline.getByTestId('order-code')).toHaveText(formatRewardCode(rewardCode));
    await offline.getByRole('tab', { name: 'QR Code' }).click();
    const qr = offline.getByTestId('order-qr');
    await expect(qr).toBeVisible();
    const zxQr = await readBarcodes(new Uint8Array(await qr.screenshot({ type: 'png' })), { formats: ['QRCode'] });
    expect(zxQr[0]?.text).toBe(rewardCode);
    await offline.getByRole('tab', { name: 'บาร์โค้ด' }).click();
    const barcode = offline.getByTestId('order-barcode');
    await expect(barcode).toBeVisible();
    const bars = await readBarcodes(new Uint8Array(await barcode.screenshot({ type: 'png' })), { formats: ['Code128'] });
    expect(bars[0]?.text).toBe(rewardCode);
    await screenshot(offline, 'rewards-order-offline');
    await context.setOffline(false);
  });

  test('when the branch hands a reward over, my orders says so at once and its code is dimmed, without the instruction', async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    if (!orderName) {
      const orders = await memberCall<Order[]>(page, 'honda_api.api_calls.getuser.getorders', { order_type: 'redemption' });
      orderName = orders.find((o) => o.delivery_notes[0]?.status === 'Draft')?.name ?? '';
    }
    // The code staff scan, as the member's screen shows it.
    await page.goto(`/my-order/${orderName}`);
    const code = (await page.getByTestId('order-code').textContent())?.trim() ?? '';
    await expect(page.getByTestId('order-instruction').first()).toBeVisible();

    // The list is open and following the member's orders: the server has confirmed the subscription on the socket.
    const subscribed = new Promise<void>((resolve) => {
      const confirmed = (text: string) => text.includes('{"ok":true}') && resolve();
      page.on('response', (r) => {
        if (r.url().includes('/socket.io/')) void r.text().then(confirmed, () => {});
      });
      page.on('websocket', (ws) => ws.on('framereceived', (f) => confirmed(String(f.payload))));
    });
    await page.goto('/my-order');
    const row = page.locator(`[data-testid="order-row"][data-order="${orderName}"]`);
    await expect(row.getByTestId('coupon-state')).toHaveText('ใช้คูปองได้');
    await subscribed;

    const staff = await request.newContext({ baseURL: BASE_URL });
    const login = await staff.post('/api/method/login', { data: { usr: STAFF_EMAIL, pwd: STAFF_PASSWORD } });
    const csrf = ((await login.json()) as { csrf_token: string }).csrf_token;
    const confirmed = await staff.post('/api/method/member_rewards.staff.confirm_reward', { headers: { 'X-Frappe-CSRF-Token': csrf }, data: { code } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await staff.dispose();

    // Well inside the list's 15 s freshness, with no reload and no return to the screen.
    await expect(row.getByTestId('coupon-state')).toHaveText('ใช้คูปองแล้ว', { timeout: 5000 });
    await screenshot(page, 'rewards-my-orders-used');
    await row.getByTestId('order-view').click();
    await expect(page.getByTestId('order-code')).toHaveAttribute('data-used', 'true');
    await expect(page.getByTestId('order-instruction')).toHaveCount(0);
    await expect(page.getByTestId('order-used').first()).toHaveText('คูปองนี้ใช้ไปแล้ว');
    await screenshot(page, 'rewards-reward-used');
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('a member buys through the cart and checks out with a new address', async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    await page.goto('/products/TEE-GREEN');
    await page.getByTestId('add-to-cart').click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByText('ตะกร้าสินค้า')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    const line = panel.getByTestId('cart-line');
    await expect(line).toContainText('เสื้อยืดคอกลม สีเขียว');
    await expect(line.getByRole('button', { name: /ลดจำนวน/ })).toBeDisabled(); // quantity 1
    await line.getByRole('button', { name: /เพิ่มจำนวน/ }).click();
    await expect(line.getByTestId('cart-qty')).toHaveText('2');
    await expect(line.getByRole('button', { name: /ลดจำนวน/ })).toBeEnabled();
    await expect(panel.getByTestId('cart-total')).toHaveText('฿ 398.00');
    await screenshot(page, 'rewards-cart');
    // The cart is kept under the key 'cart' with a version.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'));
    expect(stored).toMatchObject({ version: 1, state: { items: { 'TEE-GREEN': 2 } } });

    await panel.getByTestId('cart-proceed').click();
    await expect(panel.getByText('เลือกวิธีรับสินค้า')).toBeVisible();
    await screenshot(page, 'rewards-cart-delivery');
    await panel.getByTestId('choose-delivery').click();
    await expect(page).toHaveURL(/\/checkout$/);

    // The server's figures: 2 x 199, shipping 59, discount 99.
    await expect(page.getByTestId('subtotal')).toHaveText('฿ 398.00');
    await expect(page.getByTestId('shipping-fee')).toHaveText('฿ 59.00');
    await expect(page.getByTestId('discount')).toHaveText('-฿ 99.00');
    await expect(page.getByTestId('grand-total')).toHaveText('฿ 358.00');
    await expect(page.getByTestId('points-to-earn')).toHaveText('11 คะแนน');
    const addresses = await memberCall<unknown[]>(page, 'headless_e_commerce.api.get_addresses');
    if (addresses.length === 0) {
      // Validated on submit: no address chosen.
      await page.getByTestId('place-order').click();
      await expect(page.getByTestId('select-address')).toHaveText('กรุณาเลือกที่อยู่');
    }
    await screenshot(page, 'rewards-checkout');

    await page.getByTestId('choose-address').click();
    const form = page.getByTestId('address-entry');
    // The same form as on the address screens: required markers, 'please choose' lists, the same messages.
    await form.getByTestId('save-address').click();
    await expect(form.getByText('กรุณาระบุชื่อผู้รับ')).toBeVisible();
    await expect(form.getByText('กรุณาระบุที่อยู่ (บ้านเลขที่ ถนน)')).toBeVisible();
    await expect(form.getByLabel('จังหวัด')).toHaveValue('');
    await expect(form.getByLabel('จังหวัด').locator('option').first()).toHaveText('กรุณาเลือก');
    await form.getByLabel(/^ชื่อผู้รับ/).fill('สมใจ');
    await form.getByLabel(/^นามสกุล/).fill('ใจดี');
    await form.getByLabel(/^ที่อยู่\s*\*?$/).fill('99/1 ถนนสุขุมวิท');
    await form.getByLabel('จังหวัด').selectOption('Bangkok');
    await form.getByLabel('เขต / อำเภอ').selectOption('Khlong Toei');
    await form.getByLabel(/^รหัสไปรษณีย์/).fill('10110');
    await form.getByLabel('เบอร์โทรศัพท์').fill('0812345678');
    await screenshot(page, 'rewards-checkout-address');
    await form.getByTestId('save-address').click();
    await expect(page.getByTestId('choose-address')).toContainText('99/1 ถนนสุขุมวิท');
    await expect(page.getByTestId('choose-address')).toContainText('คลองเตย กรุงเทพมหานคร 10110');
    await page.getByTestId('place-order').click();

    await expect(page).toHaveURL(/\/thankyou\?/);
    await expect(page.getByText('ขอบคุณสำหรับคำสั่งซื้อ')).toBeVisible();
    await expect(page.getByTestId('thankyou-amount')).toHaveText('฿ 358.00');
    await expect(page.getByTestId('bank-instructions')).toContainText('ชำระเงินโดยการโอนเงิน');
    // Unpaid: the 11 points are announced, and posted only once the transfer is confirmed.
    await expect(page.getByText('คุณจะได้รับ 11 คะแนนเมื่อเราได้รับการชำระเงินแล้ว')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('amount')).toBe('358');
    await screenshot(page, 'rewards-thankyou-purchase');
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'));
    expect(cart.state.items).toEqual({});

    const orders = await memberCall<Order[]>(page, 'honda_api.api_calls.getuser.getorders');
    expect(orders[0]?.order_type).toBe('purchase');
    await page.goto(`/my-order-details/${orders[0]!.name}`);
    // Written as everywhere else, in Thai: district and province from the lists, no English.
    await expect(page.getByTestId('address-text')).toContainText('คลองเตย กรุงเทพมหานคร 10110');
    await expect(page.getByTestId('address-text')).not.toContainText('Bangkok');
    await expect(page.getByText('คะแนนที่จะได้รับเมื่อชำระเงินแล้ว')).toBeVisible();
    await screenshot(page, 'rewards-order-details');

    // The back office confirms the transfer: the points land, and the order shows them as earned.
    const before = await memberCall<{ loyalty_points: number }>(page, 'headless_e_commerce.api.get_loyalty_points_details');
    const { api, csrf } = await adminApi();
    const paid = await api.post('/api/method/member_rewards.orders.confirm_payment', { headers: { 'X-Frappe-CSRF-Token': csrf }, data: { order: orders[0]!.name } });
    expect(paid.status(), await paid.text()).toBe(200);
    await api.dispose();
    const after = await memberCall<{ loyalty_points: number }>(page, 'headless_e_commerce.api.get_loyalty_points_details');
    expect(after.loyalty_points).toBe(before.loyalty_points + 11);
    await page.reload();
    await expect(page.getByText('คะแนนที่ได้รับ', { exact: true })).toBeVisible();
    await expect(page.getByText('+11 คะแนน')).toBeVisible();
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test("a refused redemption shows the server's message and charges nothing", async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    const before = await memberCall<{ loyalty_points: number }>(page, 'headless_e_commerce.api.get_loyalty_points_details');
    // A branch that closed after the screen was opened (its option is still on this device): the real server refuses.
    await page.goto('/GIFT-KEYCHAIN/gift-checkout');
    const branch = page.getByTestId('branch-select');
    await branch.evaluate((select: HTMLSelectElement) => select.add(new Option('สาขาที่ปิดแล้ว', 'สาขาที่ปิดแล้ว')));
    await branch.selectOption('สาขาที่ปิดแล้ว');
    await page.getByTestId('redeem-using').click();
    await page.getByRole('dialog').getByTestId('confirm-redeem').click();
    await expect(page.getByTestId('redeem-error')).toContainText('ไม่พบสาขาที่ปิดแล้ว กรุณาเลือกสาขาอื่น'); // the server's "Branch … not found", in Thai
    await expect(page).toHaveURL(/\/GIFT-KEYCHAIN\/gift-checkout$/);
    await screenshot(page, 'rewards-redeem-refused');
    const after = await memberCall<{ loyalty_points: number }>(page, 'headless_e_commerce.api.get_loyalty_points_details');
    expect(after.loyalty_points).toBe(before.loyalty_points);
    expect(appErrors(consoleErrors, [/status of 417/])).toEqual([]);
  });

  test('a redemption cut off on the way spends nothing, even when the request reaches the server later; one whose answer is lost is redeemed once', async ({ page, context, consoleErrors }) => {
    await signInDemoMember(page);
    const points = async () => (await memberCall<{ loyalty_points: number }>(page, 'headless_e_commerce.api.get_loyalty_points_details')).loyalty_points;
    const rewardOrders = async () => (await memberCall<Order[]>(page, 'honda_api.api_calls.getuser.getorders', { order_type: 'redemption' })).length;
    const before = await points();
    const ordersBefore = await rewardOrders();
    expect(before).toBeGreaterThanOrEqual(10);
    const redeemKeychain = async () => {
      await page.getByTestId('branch-select').selectOption('สาขาสยาม');
      await page.getByTestId('redeem-using').click();
      await page.getByRole('dialog').getByTestId('confirm-redeem').click();
    };

    // The request leaves the phone, then the connection drops before it reaches the server.
    let held: import('@playwright/test').Request | undefined;
    await page.route('**/api/method/headless_e_commerce.api.place_order', (route) => {
      held = route.request(); // never forwarded
    });
    await page.goto('/GIFT-KEYCHAIN/gift-checkout');
    await redeemKeychain();
    await expect(page.getByTestId('spend-progress')).toHaveAttribute('data-phase', 'sending');
    await expect.poll(() => held).toBeDefined();
    await context.setOffline(true);
    // No answer and nobody to ask: not known yet, the dialog can be left, and the button says why it cannot act.
    const outcome = page.getByTestId('spend-outcome');
    await expect(outcome).toHaveAttribute('data-phase', 'unknown');
    await expect(outcome).toContainText('ยังไม่ทราบผล');
    await screenshot(page, 'rewards-redeem-unknown');
    await outcome.getByRole('button', { name: 'ปิด' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('redeem-using')).toBeDisabled();
    await expect(page.getByTestId('redeem-offline')).toHaveText('คุณออฟไลน์อยู่ ต้องเชื่อมต่ออินเทอร์เน็ตจึงจะแลกของรางวัลได้');
    await screenshot(page, 'rewards-redeem-offline');

    // Back online: the app asks the server, which never got it and now never will.
    await context.setOffline(false);
    await expect(outcome).toHaveAttribute('data-phase', 'nothing');
    await expect(outcome).toContainText('ยังไม่มีการใช้คะแนนของคุณ');
    await screenshot(page, 'rewards-redeem-nothing');
    const headers = await held!.allHeaders();
    // (with the session's CSRF token: a request without a valid one would be refused before it could do anything)
    const csrf = await page.evaluate(async () => (await (await fetch('/api/method/member_rewards.api.boot')).json()).message.csrf_token as string);
    // The very request the phone sent (its cookie, CSRF token and Idempotency-Key) reaches the server after all.
    const late = await page.request.post(held!.url(), {
      headers: { ...Object.fromEntries(['cookie', 'content-type', 'accept', 'idempotency-key'].map((h) => [h, headers[h] ?? ''])), 'x-frappe-csrf-token': csrf },
      data: held!.postData() ?? '',
    });
    expect(late.status(), await late.text()).toBe(417);
    expect((await late.json()).error_code).toBe('request_abandoned');
    expect(await points()).toBe(before);
    expect(await rewardOrders()).toBe(ordersBefore);
    await outcome.getByRole('button', { name: 'ปิด' }).click();

    // This time the server carries it out, and only its answer is lost on the way back.
    await page.unroute('**/api/method/headless_e_commerce.api.place_order');
    await page.route(
      '**/api/method/headless_e_commerce.api.place_order',
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await redeemKeychain();
    await expect(page).toHaveURL(/\/thankyou\?/);
    await expect(page.getByText('แลกของรางวัลสำเร็จ')).toBeVisible();
    expect(await points()).toBe(before - 10);
    expect(await rewardOrders()).toBe(ordersBefore + 1);
    expect(appErrors(consoleErrors, [/status of 417/])).toEqual([]);
  });
});

test.describe('a reward handed over while my orders is not open', () => {
  /** The till hands the reward over (staff API, the code as the member's screen would show it). */
  async function handOver(code: string) {
    const staff = await request.newContext({ baseURL: BASE_URL });
    try {
      const login = await staff.post('/api/method/login', { data: { usr: STAFF_EMAIL, pwd: STAFF_PASSWORD } });
      const csrf = ((await login.json()) as { csrf_token: string }).csrf_token;
      const res = await staff.post('/api/method/member_rewards.staff.confirm_reward', { headers: { 'X-Frappe-CSRF-Token': csrf }, data: { code } });
      expect(res.status(), await res.text()).toBe(200);
    } finally {
      await staff.dispose();
    }
  }

  test('my orders says it was used when opened again within seconds, and when the news came before it was listening', async ({ page, consoleErrors }) => {
    // A member of its own, with two 10-point rewards from the 20-point sign-up bonus.
    await newVerifiedMember(page, `คูปอง ${Date.now() % 100000}`);
    const redeem = () =>
      memberCall<{ name: string }>(page, 'headless_e_commerce.api.place_order', {
        loyalty_points: 10,
        items: [{ item_code: 'GIFT-KEYCHAIN', qty: 1 }],
        payment_method: 'bank-transfer',
        branch: 'สาขาสยาม',
      }, 'POST');
    const [first, second] = [await redeem(), await redeem()];
    const orders = await memberCall<Order[]>(page, 'honda_api.api_calls.getuser.getorders', { order_type: 'redemption' });
    const codeOf = (name: string) => orders.find((o) => o.name === name)?.reward_code ?? '';
    expect(codeOf(first.name)).not.toBe('');
    expect(codeOf(second.name)).not.toBe('');
    const state = (name: string) => page.locator(`[data-testid="order-row"][data-order="${name}"]`).getByTestId('coupon-state');

    // The member looks at the list, then goes back to the account screen (in the app: the list's copy stays).
    await page.goto('/my-order');
    await expect(state(first.name)).toHaveText('ใช้คูปองได้');
    await expect(state(second.name)).toHaveText('ใช้คูปองได้');
    const seen = Date.now();
    await page.getByRole('link', { name: 'ย้อนกลับ' }).click();
    await expect(page).toHaveURL(/\/my-account$/);

    // The till hands the first over while the list is not open; the member opens it again at once.
    await handOver(codeOf(first.name));
    await page.getByRole('link', { name: 'คำสั่งซื้อและรางวัลของฉัน' }).click();
    await expect(state(first.name)).toHaveText('ใช้คูปองแล้ว', { timeout: 5_000 });
    // Well inside the 15 s the list's copy used to count as fresh (and was shown as it was, unread).
    expect(Date.now() - seen).toBeLessThan(15_000);
    await expect(state(second.name)).toHaveText('ใช้คูปองได้');

    // A reload: the list is read, but the live connection takes its time (held here); the till hands the second
    // over in between. Nobody was listening for that announcement: once connected, the list is read again.
    let releaseSocket!: () => void;
    const socketHeld = new Promise<void>((resolve) => (releaseSocket = resolve));
    await page.route('**/socket.io/**', async (route) => {
      await socketHeld;
      await route.continue().catch(() => {});
    });
    await page.reload();
    await expect(state(second.name)).toHaveText('ใช้คูปองได้');
    await handOver(codeOf(second.name));
    releaseSocket();
    await expect(state(second.name)).toHaveText('ใช้คูปองแล้ว', { timeout: 10_000 });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(appErrors(consoleErrors)).toEqual([]);
  });
});
