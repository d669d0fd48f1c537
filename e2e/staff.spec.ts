import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, request as playwrightRequest, type Browser, type BrowserContext, type Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { appErrors, expect, test, watchCsp } from './support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH, STAFF_EMAIL, STAFF_PASSWORD } from './support/env';
import { pageCall, signInDemoMember } from './support/member';
import { today as businessDay } from '../contracts/business-day';
import { screenshot } from './support/screenshot';

/**
 * Issue 7 end to end, with separate browser contexts for the member and each till: the member's rotating code
 * from /my-id (decoded from a screenshot of its QR) typed into the staff app and, through Chromium's fake
 * camera fed with a video made from that screenshot, scanned; points awarded and seen in the member's history;
 * a gift redeemed for branch A refused by branch B's staff and handed over once by branch A's staff.
 */
test.describe.configure({ mode: 'serial' });
// The journey with a member and three tills took 5.5 minutes on a busy machine.
test.setTimeout(12 * 60_000);

const BRANCH_A = 'สาขาสยาม';
const BRANCH_B = 'สาขาเชียงใหม่';
// Other specs in the same run may edit the demo member's profile: tests read the member's current name
// from their own profile.
async function memberName(page: import('@playwright/test').Page): Promise<string> {
  const res = await pageCall(page, 'headless_e_commerce.api.get_profile', {}, 'GET');
  return String(res.body.message.full_name);
}
const STAFF_B = { email: 'staff.b@e2e.test', password: 'Staff-B-e2e-Passw0rd!', name: 'พนักงานเชียงใหม่' };
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

let browser2: Browser | undefined;
test.afterAll(async () => {
  await browser2?.close();
});

async function newContext(browser: Browser, viewport = PHONE): Promise<BrowserContext> {
  return browser.newContext({ baseURL: BASE_URL, viewport, deviceScaleFactor: 2, isMobile: viewport.width < 500, hasTouch: true });
}

/** Staff sign in through the app: /staff sends them to the staff sign-in, which brings them back. */
async function signInStaff(page: Page, usr: string, pwd: string) {
  await page.goto('/staff');
  await page.waitForURL('**/staff-login');
  await page.getByLabel('ชื่อผู้ใช้หรืออีเมล').fill(usr);
  await page.getByLabel('รหัสผ่าน').fill(pwd);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  await page.waitForURL('**/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'พนักงานหน้าร้าน' })).toBeVisible();
}

async function typeCode(page: Page, code: string) {
  const field = page.getByLabel('พิมพ์รหัส หรือสแกนด้วยเครื่องสแกนมือถือ');
  await field.fill(code);
  // A keyboard-wedge scanner ends with Enter.
  await field.press('Enter');
}

/** The member's current code from /my-id: a screenshot of the QR, decoded with jsQR (not read from the DOM). */
async function codeFromMyId(member: Page, after?: string): Promise<{ code: string; shot: Buffer }> {
  await member.goto('/my-id');
  // The app's card: the boot module's copy (outside #root, painted before the app) goes once the app draws its own,
  // and a screenshot of it taken at that moment fails on a node that left the page.
  const card = member.locator('#root');
  const shown = card.getByTestId('member-code');
  await expect(shown).toHaveText(/^\d{7,15}$/, { timeout: 20_000 });
  // A code of a later step than one already used (the same code again is refused as used).
  if (after) await expect(shown).not.toHaveText(after, { timeout: 40_000 });
  const qr = card.getByTestId('member-qr');
  await expect(qr.locator('canvas')).toBeVisible();
  // Early in a 30 s step, so the till has most of the code's life to scan it.
  await member.waitForFunction(() => (Date.now() / 1000) % 30 < 12, undefined, { timeout: 40_000, polling: 250 });
  // The code rotates every 30 s: a screenshot counts only when the code shown before and after it is the same
  // (on a busy machine a rotation in between just means another picture).
  for (;;) {
    const before = (await shown.textContent())?.trim();
    const shot = await qr.screenshot({ type: 'jpeg', quality: 95 });
    if ((await shown.textContent())?.trim() !== before) continue;
    const img = jpeg.decode(shot, { useTArray: true });
    const decoded = jsQR(new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length), img.width, img.height);
    expect(decoded, 'the QR screenshot decodes').not.toBeNull();
    expect(decoded!.data).toBe(before);
    return { code: decoded!.data, shot };
  }
}

/**
 * A Y4M video (one 640x480 frame, looped by Chromium) showing the QR screenshot on white, for
 * --use-file-for-fake-video-capture. YUV 4:2:0 from RGB (BT.601, full range as 'C420jpeg').
 */
async function y4mFromJpeg(jpegShot: Buffer, file: string) {
  const W = 640;
  const H = 480;
  const img = jpeg.decode(jpegShot, { useTArray: true });
  const side = 400;
  const ox = (W - side) / 2;
  const oy = (H - side) / 2;
  const rgb = (x: number, y: number): [number, number, number] => {
    if (x < ox || y < oy || x >= ox + side || y >= oy + side) return [255, 255, 255];
    const sx = Math.min(img.width - 1, Math.floor(((x - ox) / side) * img.width));
    const sy = Math.min(img.height - 1, Math.floor(((y - oy) / side) * img.height));
    const i = (sy * img.width + sx) * 4;
    return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
  };
  const Y = Buffer.alloc(W * H);
  const U = Buffer.alloc((W / 2) * (H / 2));
  const V = Buffer.alloc((W / 2) * (H / 2));
  for (let y = 0; y < H; y += 1) {
    for (let x = 0; x < W; x += 1) {
      const [r, g, b] = rgb(x, y);
      Y[y * W + x] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  for (let y = 0; y < H; y += 2) {
    for (let x = 0; x < W; x += 2) {
      const [r, g, b] = rgb(x, y);
      U[(y / 2) * (W / 2) + x / 2] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
      V[(y / 2) * (W / 2) + x / 2] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), Y, U, V]);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.concat([header, frame, frame]));
}

test('guests and members are sent to the staff sign-in; the server refuses members anyway', async ({ page, browser }) => {
  await page.goto('/staff');
  await page.waitForURL('**/staff-login');
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบพนักงาน' })).toBeVisible();

  const ctx = await newContext(browser);
  const member = await ctx.newPage();
  await signInDemoMember(member);
  await member.goto('/staff');
  await member.waitForURL('**/staff-login');
  for (const [method, args, verb] of [
    ['member_rewards.staff.resolve_code', { code: '12345678' }, 'POST'],
    ['member_rewards.staff.award_points', { member_code: '12345678', amount: 100, receipt_no: 'X' }, 'POST'],
    ['member_rewards.staff.confirm_reward', { code: 'ACC-SINV-2026-00001' }, 'POST'],
    ['member_rewards.staff.actions', {}, 'GET'],
  ] as const) {
    const res = await pageCall(member, method, args, verb);
    expect(res.status, method).toBe(403);
  }
  await ctx.close();
});

test('the camera path: a fake camera showing the screenshot of the member QR finds the member', async ({ browser }) => {
  const memberCtx = await newContext(browser);
  const member = await memberCtx.newPage();
  await signInDemoMember(member);
  const { code, shot } = await codeFromMyId(member);

  const video = path.resolve('test-results/staff-e2e/member-qr.y4m');
  await y4mFromJpeg(shot, video);
  browser2 = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  const tillCtx = await browser2.newContext({ baseURL: BASE_URL, viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, permissions: ['camera'] });
  // Its own browser: the camera scanner's WebAssembly must run under the policy too.
  await watchCsp(tillCtx);
  const till = await tillCtx.newPage();
  const errors: string[] = [];
  till.on('pageerror', (e) => errors.push(e.message));
  const wasm: string[] = [];
  till.on('request', (r) => {
    if (r.url().endsWith('.wasm')) wasm.push(r.url());
  });
  await signInStaff(till, STAFF_EMAIL, STAFF_PASSWORD);
  expect(wasm, 'zxing-wasm is not loaded before the camera opens').toEqual([]);
  await till.getByRole('button', { name: 'เปิดกล้องสแกน' }).click();
  const card = till.getByTestId('staff-result-member');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('heading', { name: await memberName(member) })).toBeVisible();
  // Chromium on Linux has no BarcodeDetector: the zxing-wasm fallback decoded the frame, its .wasm from our origin.
  const engine = await till.evaluate(() => ('BarcodeDetector' in globalThis ? 'native' : 'zxing'));
  if (engine === 'zxing') {
    expect(wasm.length).toBeGreaterThan(0);
    for (const url of wasm) expect(url.startsWith(BASE_URL)).toBe(true);
  }
  const actions = await pageCall(till, 'member_rewards.staff.actions', {}, 'GET');
  expect(actions.body.message[0]).toMatchObject({ action: 'scan_member' });
  expect(code).toMatch(/^\d+$/);
  expect(errors).toEqual([]);
  await tillCtx.close();
  await memberCtx.close();
});

test('member code typed in → points awarded → history; gift for branch A: branch B refused, branch A hands it over once', async ({
  browser,
  page: tillA,
  consoleErrors,
}) => {
  // The admin adds a Store Staff account for branch B.
  const admin = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const login = await admin.post('/api/method/login', { data: { usr: ADMIN_EMAIL, pwd: ADMIN_PASSWORD } });
  const csrf = (await login.json()).csrf_token as string;
  const created = await admin.post('/api/method/member_rewards.staff.create_staff_user', {
    headers: { 'X-Frappe-CSRF-Token': csrf },
    data: { email: STAFF_B.email, full_name: STAFF_B.name, password: STAFF_B.password, branch: BRANCH_B },
  });
  expect([200, 409]).toContain(created.status());
  await admin.dispose();

  const memberCtx = await newContext(browser);
  const member = await memberCtx.newPage();
  await signInDemoMember(member);
  const DEMO_MEMBER_NAME = await memberName(member);
  const before = (await pageCall(member, 'headless_e_commerce.api.get_loyalty_points_details', {}, 'GET')).body.message.loyalty_points as number;

  // Till A (this test's page, a phone-sized screen) signs in and takes the code typed in from the QR screenshot.
  await signInStaff(tillA, STAFF_EMAIL, STAFF_PASSWORD);
  await screenshot(tillA, 'staff-scan-390');
  const { code } = await codeFromMyId(member);
  await screenshot(member, 'staff-member-my-id');
  await typeCode(tillA, code);
  const card = tillA.getByTestId('staff-result-member');
  await expect(card.getByRole('heading', { name: DEMO_MEMBER_NAME })).toBeVisible();
  await expect(card.getByTestId('member-points')).toHaveText(`${before.toLocaleString('th-TH')} คะแนน`);
  await card.getByLabel('ยอดซื้อ (บาท)').fill('520');
  await card.getByLabel('เลขที่ใบเสร็จ').fill('E2E-0001');
  // 520 baht at 25 baht a point is 20, times the member's tier multiplier (earlier tests may have raised the tier):
  // the preview says what the award then gives.
  const preview = card.getByTestId('earn-preview');
  await expect(preview).toContainText(/^จะได้รับ \d+ คะแนน \(ทุก 25 บาท ได้ 1 คะแนน/);
  const earned = Number((await preview.textContent())!.match(/จะได้รับ (\d+) คะแนน/)![1]);
  expect(earned).toBeGreaterThanOrEqual(20);
  await screenshot(tillA, 'staff-member-card-390', { fullPage: true });
  await card.getByRole('button', { name: 'ให้คะแนน' }).click();
  await expect(card.getByText(`ให้ ${earned} คะแนนแก่ ${DEMO_MEMBER_NAME} แล้ว`)).toBeVisible();
  await expect(card.getByTestId('member-points')).toHaveText(`${(before + earned).toLocaleString('th-TH')} คะแนน`);
  await screenshot(tillA, 'staff-award-done-390', { fullPage: true });

  // The same code again (a screenshot replayed) is refused; so is the same receipt with a new code. The next code
  // goes straight into the code field (a handheld scanner types wherever the focus is), and the log says why.
  await tillA.getByRole('button', { name: 'สแกนรหัสถัดไป' }).click();
  await expect(tillA.getByLabel('พิมพ์รหัส หรือสแกนด้วยเครื่องสแกนมือถือ')).toBeFocused();
  await tillA.keyboard.type(code);
  await tillA.keyboard.press('Enter');
  await expect(tillA.getByRole('alert').filter({ hasText: 'รหัสสมาชิกนี้ถูกใช้ไปแล้ว ขอให้สมาชิกแสดงรหัสใหม่' })).toBeVisible();
  await expect(tillA.getByRole('list', { name: 'รายการล่าสุดของสาขา' }).getByRole('listitem').first()).toContainText('เหตุผล: รหัสสมาชิกถูกใช้ไปแล้ว');

  // The member, still showing /my-id at the counter, sees the new balance (the app notices its code was used)...
  await expect(member.getByTestId('coins').locator('dd')).toHaveText((before + earned).toLocaleString('th-TH'), { timeout: 20_000 });
  await expect(member.getByTestId('code-countdown')).toHaveText(/^รหัสจะเปลี่ยนใน \d+ วินาที$/);
  // ...and the points received in the history (in-app navigation: account tab, then history tab).
  await member.getByRole('link', { name: 'ย้อนกลับ' }).click();
  await member.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ประวัติ' }).click();
  await expect(member.getByText(`+${earned} คะแนน`).first()).toBeVisible();
  await expect(member.getByText('คุณได้รับคะแนน').first()).toBeVisible();
  await screenshot(member, 'staff-member-history');

  // The member redeems a gift for pickup at branch A, through the gift form.
  await member.goto('/GIFT-TOTE/gift-checkout');
  await member.getByTestId('branch-select').selectOption(BRANCH_A);
  await member.getByTestId('redeem-using').click();
  await member.getByRole('dialog').getByTestId('confirm-redeem').click();
  await expect(member).toHaveURL(/\/thankyou\?/);
  const orderName = ((await member.getByTestId('thankyou-order').textContent()) ?? '').trim();
  expect(orderName).toMatch(/^ACC-SINV-\d{4}-\d{5}$/);
  // What the member shows at the till is the order's random code, not its sequential name.
  await member.goto(`/my-order/${orderName}`);
  const rewardCode = ((await member.getByTestId('order-code').textContent()) ?? '').trim();
  expect(rewardCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);

  // Branch B's till (a tablet) is refused.
  const tillBCtx = await newContext(browser, TABLET);
  const tillB = await tillBCtx.newPage();
  await signInStaff(tillB, STAFF_B.email, STAFF_B.password);
  await screenshot(tillB, 'staff-scan-1024');
  // The member's card on a tablet: a fresh code from /my-id, looked up only (no award).
  const fresh = await codeFromMyId(member, code);
  await typeCode(tillB, fresh.code);
  await expect(tillB.getByTestId('staff-result-member').getByRole('heading', { name: DEMO_MEMBER_NAME })).toBeVisible();
  // A landscape tablet shows the whole award form, its button included, with no scrolling.
  const awardButton = tillB.getByRole('button', { name: 'ให้คะแนน' });
  await expect(awardButton).toBeInViewport({ ratio: 1 });
  expect(await tillB.evaluate(() => [window.scrollY, document.documentElement.scrollHeight <= window.innerHeight])).toEqual([0, true]);
  await screenshot(tillB, 'staff-member-card-1024');
  await typeCode(tillB, rewardCode);
  await expect(tillB.getByRole('alert').filter({ hasText: `ของรางวัลนี้แลกไว้สำหรับรับที่${BRANCH_A}` })).toBeVisible();
  const direct = await pageCall(tillB, 'member_rewards.staff.confirm_reward', { code: rewardCode });
  expect(direct.status).toBe(403);
  await screenshot(tillB, 'staff-other-branch-1024');

  // The order's name alone no longer finds it.
  await typeCode(tillA, orderName);
  await expect(tillA.getByRole('alert').filter({ hasText: 'รหัสนี้ไม่ถูกต้อง' })).toBeVisible();

  // Branch A hands it over.
  await typeCode(tillA, rewardCode);
  const reward = tillA.getByTestId('staff-result-reward');
  await expect(reward.getByText('พร้อมส่งมอบ')).toBeVisible();
  await expect(reward.getByText(`สมาชิก: ${DEMO_MEMBER_NAME}`)).toBeVisible();
  await screenshot(tillA, 'staff-reward-390', { fullPage: true });
  await reward.getByRole('button', { name: 'ยืนยันส่งมอบของรางวัล' }).click();
  await expect(reward.getByText('ส่งมอบของรางวัลแล้ว')).toBeVisible();
  await expect(reward.getByText('ใช้คูปองแล้ว')).toBeVisible();

  // A second confirmation from another device is refused with who and when.
  const tillA2Ctx = await newContext(browser, TABLET);
  const tillA2 = await tillA2Ctx.newPage();
  await signInStaff(tillA2, STAFF_EMAIL, STAFF_PASSWORD);
  const again = await pageCall(tillA2, 'member_rewards.staff.confirm_reward', { code: rewardCode });
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ reason: 'already_confirmed', confirmed_by: STAFF_EMAIL });
  await typeCode(tillA2, rewardCode);
  await expect(tillA2.getByTestId('staff-result-reward').getByText(/ส่งมอบโดย/)).toBeVisible();
  await expect(tillA2.getByRole('list', { name: 'รายการล่าสุดของสาขา' }).getByText(`ส่งมอบของรางวัล ${orderName}`).first()).toBeVisible();
  await screenshot(tillA2, 'staff-log-1024');

  // The member's order shows the coupon as used.
  await member.goto('/my-order');
  await expect(member.getByText('ใช้คูปองแล้ว').first()).toBeVisible();
  await screenshot(member, 'staff-member-order-used');

  await tillBCtx.close();
  await tillA2Ctx.close();
  await memberCtx.close();
  expect(appErrors(consoleErrors)).toEqual([]);
});

test('coupons come from the real reward orders: usable and used tabs, counts, the redeemed state', async ({ page, consoleErrors }) => {
  // The demo member holds the reward handed over above; one still to collect is redeemed here if none is open yet.
  await signInDemoMember(page);
  interface Order { name: string; order_type: string; due_date: string | null; items: { item_code: string; item_name: string }[]; delivery_notes: { status: string }[] }
  const today = businessDay();
  const openRewards = (list: Order[]) =>
    list.filter((o) => o.order_type === 'redemption' && o.delivery_notes[0]?.status === 'Draft' && !(o.due_date && o.due_date < today));
  let orders = (await pageCall(page, 'honda_api.api_calls.getuser.getorders', {}, 'GET')).body.message as Order[];
  if (openRewards(orders).length === 0) {
    const placed = await pageCall(page, 'headless_e_commerce.api.place_order', {
      loyalty_points: 15, items: [{ item_code: 'GIFT-TOTE', qty: 1 }], payment_method: 'bank-transfer', branch: BRANCH_A, order_type: 'redemption',
    });
    expect(placed.status).toBe(200);
    orders = (await pageCall(page, 'honda_api.api_calls.getuser.getorders', {}, 'GET')).body.message as Order[];
  }
  const rewards = orders.filter((o) => o.order_type === 'redemption' && o.delivery_notes[0]);
  const usable = rewards.filter((o) => o.delivery_notes[0]!.status === 'Draft' && !(o.due_date && o.due_date < today));
  const used = rewards.filter((o) => o.delivery_notes[0]!.status === 'Submitted');
  const expired = rewards.length - usable.length - used.length;
  expect(usable.length).toBeGreaterThan(0);
  expect(used.length).toBeGreaterThan(0);

  await page.goto('/my-coupon');
  await expect(page.getByRole('tab', { name: `ใช้ได้ (${usable.length})` })).toBeVisible();
  await expect(page.getByRole('tab', { name: `ใช้แล้ว (${used.length + expired})` })).toBeVisible();
  const cards = page.getByTestId('coupon-card');
  await expect(cards).toHaveCount(usable.length);
  const first = cards.filter({ hasText: usable[0]!.items[0]!.item_name }).first();
  await expect(first.getByText('คูปองใช้ได้')).toBeVisible();
  await expect(first.getByRole('link', { name: 'ดูรหัส' })).toHaveAttribute('href', `/my-order/${usable[0]!.name}`);
  await screenshot(page, 'member-my-coupon');
  await page.getByRole('tab', { name: `ใช้แล้ว (${used.length + expired})` }).click();
  await expect(page.getByTestId('coupon-card').getByText('คูปองถูกใช้แล้ว').first()).toBeVisible();
  await screenshot(page, 'member-my-coupon-used');

  await page.goto('/reward-coupon');
  await expect(page.getByRole('tab', { name: `รางวัลของฉัน (${usable.length})` })).toBeVisible();
  await expect(page.getByRole('tab', { name: `หมดอายุ/ใช้แล้ว (${used.length + expired})` })).toBeVisible();
  await screenshot(page, 'member-reward-coupon');

  await page.goto('/my-id');
  await expect(page.getByTestId('coupons')).toContainText(String(usable.length));

  await page.goto(`/reward-details?item=${usable[0]!.items[0]!.item_code}`);
  await expect(page.getByTestId('redeemed-badge')).toBeVisible();
  await expect(page.getByRole('button', { name: 'แลกของรางวัลแล้ว' })).toBeDisabled();
  await screenshot(page, 'member-reward-details-redeemed');
  expect(appErrors(consoleErrors)).toEqual([]);
});
