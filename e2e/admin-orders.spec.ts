import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { BASE_URL, BRANCH_MANAGER_EMAIL, BRANCH_MANAGER_PASSWORD, LOYALTY_MANAGER_EMAIL, LOYALTY_MANAGER_PASSWORD } from './support/env';
import { appErrors, expect, test } from './support/fixtures';
import { adminApi, memberCall, newVerifiedMember } from './support/member';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/i20o-shots';
const SIAM = 'สาขาสยาม';
const CHIANG_MAI = 'สาขาเชียงใหม่';

async function newPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, serviceWorkers: 'block' });
  return context.newPage();
}

async function signInManager(page: Page, email: string, password: string, path: string) {
  await page.goto(path);
  await page.getByLabel('ชื่อผู้ใช้หรืออีเมล').fill(email);
  await page.getByLabel('รหัสผ่าน').fill(password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await expect(page.getByRole('navigation', { name: 'เมนูผู้ดูแล' })).toBeVisible();
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const balanceOf = async (member: Page) => (await memberCall<{ loyalty_points: number }>(member, 'headless_e_commerce.api.get_loyalty_points_details')).loyalty_points;

async function post<T>(api: APIRequestContext, csrf: string, method: string, data: Record<string, unknown>, idempotent = false): Promise<T> {
  const headers: Record<string, string> = { 'X-Frappe-CSRF-Token': csrf, ...(idempotent ? { 'Idempotency-Key': randomUUID() } : {}) };
  const res = await api.post(`/api/method/${method}`, { headers, data });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { message: T }).message;
}

async function place(member: Page, payload: Record<string, unknown>): Promise<string> {
  const placed = await memberCall<{ name?: string }>(member, 'headless_e_commerce.api.place_order', payload, 'POST');
  expect(placed.name, JSON.stringify(placed)).toBeTruthy();
  return placed.name!;
}

const gift = (item_code: string, points: number, branch: string) => ({ loyalty_points: points, items: [{ item_code, qty: 1 }], payment_method: 'bank-transfer', branch });

/**
 * A new member with points, two reward orders at Siam (one to be cancelled by a manager, one the member cancels
 * while the manager looks at it), one at Chiang Mai, and a paid purchase.
 */
async function memberWithOrders(browser: Browser) {
  const member = await newPage(browser, PHONE);
  const name = `สมาชิกคำสั่งซื้อ${Date.now().toString(36)}`;
  await newVerifiedMember(member, name);
  const { api, csrf } = await adminApi();
  const [row] = await post<{ rows: { customer: string }[] }>(api, csrf, 'member_rewards.admin.search_members', { q: name }).then((m) => m.rows);
  const customer = row!.customer;
  await post(api, csrf, 'member_rewards.admin.adjust_points', { customer, points: 50, reason: 'goodwill' }, true);
  const keychain = await place(member, gift('GIFT-KEYCHAIN', 10, SIAM));
  const tote = await place(member, gift('GIFT-TOTE', 15, SIAM));
  const chiangMai = await place(member, gift('GIFT-KEYCHAIN', 10, CHIANG_MAI));
  const address = await memberCall<{ name: string }>(member, 'headless_e_commerce.api.add_address', {
    address_title: 'บ้าน', first_name: 'สมใจ', last_name: 'ใจดี', address_line1: '99/1 ถนนสุขุมวิท', city: 'Khlong Toei', state: 'Bangkok', country: 'Thailand', pincode: '10110', phone: '0812345678',
  }, 'POST');
  const purchase = await place(member, {
    billing_address: address.name, shipping_address: '', use_different_shipping: false, loyalty_points: null,
    items: [{ item_code: 'SNEAKER-BLACK', qty: 1 }], payment_method: 'bank-transfer', delivery_method: 'delivery',
  });
  await post(api, csrf, 'member_rewards.orders.confirm_payment', { order: purchase });
  return { member, customer, keychain, tote, chiangMai, purchase, api, csrf };
}

test('a Loyalty Manager cancels a reward with a reason and refunds part of a purchase; a Branch Manager reads their branch only', async ({ browser, consoleErrors }) => {
  // A member with orders, a manager and a branch manager: 3.3 minutes on a busy machine.
  test.setTimeout(8 * 60_000);
  const { member, customer, keychain, tote, chiangMai, purchase, api, csrf } = await memberWithOrders(browser);
  const admin = await newPage(browser);
  // The member's own cancellation lands while the manager has the order open: the manager's click is refused.
  await signInManager(admin, LOYALTY_MANAGER_EMAIL, LOYALTY_MANAGER_PASSWORD, `/admin/orders/${tote}`);
  await expect(admin.getByRole('heading', { name: `คำสั่งซื้อ ${tote}` })).toBeVisible();
  await memberCall(member, 'member_rewards.orders.cancel_reward_order', { order: tote }, 'POST');
  await admin.getByRole('button', { name: 'ยกเลิกคำสั่งซื้อ' }).click();
  let dialog = admin.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /เหตุผลที่ยกเลิก/ }).fill('ทดสอบ');
  await dialog.getByRole('button', { name: 'ยืนยันการยกเลิก' }).click();
  await expect(dialog.getByTestId('order-action-error')).toHaveText('คำสั่งซื้อนี้ถูกยกเลิกไปแล้ว');
  await dialog.getByRole('button', { name: 'ไม่ยกเลิก' }).click();
  await expect(admin.getByTestId('order-cancelled')).toContainText('สมาชิกยกเลิกเอง');
  await expect(admin.getByRole('button', { name: 'ยกเลิกคำสั่งซื้อ' })).toHaveCount(0);

  // The list, filtered to this member's reward orders, in the address.
  await admin.getByRole('navigation', { name: 'เมนูผู้ดูแล' }).getByRole('link', { name: 'คำสั่งซื้อ' }).click();
  await admin.getByLabel('ค้นหา').fill(customer);
  await admin.getByRole('combobox', { name: 'ประเภท' }).click();
  await admin.getByRole('option', { name: 'แลกของรางวัล' }).click();
  await expect(admin).toHaveURL(new RegExp(`q=${customer}.*type=redemption|type=redemption.*q=${customer}`));
  const rows = admin.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: tote })).toContainText('ยกเลิกแล้ว');
  await expect(rows.filter({ hasText: chiangMai })).toContainText(CHIANG_MAI);
  await shot(admin, 'orders-list-desktop-th');

  const before = await balanceOf(member);
  await rows.filter({ hasText: keychain }).getByRole('link').click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders/${keychain}$`));
  await admin.getByRole('button', { name: 'ยกเลิกคำสั่งซื้อ' }).click();
  dialog = admin.getByRole('dialog');
  await expect(dialog.getByTestId('cancel-points-text')).toContainText('สมาชิกจะได้ 10 คะแนนคืน');
  await dialog.getByRole('combobox', { name: /เหตุผลที่ยกเลิก/ }).fill('ของรางวัลเสียหาย');
  await dialog.getByRole('button', { name: 'ยืนยันการยกเลิก' }).click();
  await expect(toast(admin, `ยกเลิก ${keychain} แล้ว คืนให้สมาชิก 10 คะแนน`)).toBeVisible();
  await expect(admin.getByTestId('order-cancelled')).toContainText('เหตุผล: ของรางวัลเสียหาย');
  expect(await balanceOf(member)).toBe(before + 10);

  // Back returns to the filtered list, its rows refreshed.
  await admin.goBack();
  await expect(admin.getByLabel('ค้นหา')).toHaveValue(customer);
  await expect(rows.filter({ hasText: keychain })).toContainText('ผู้จัดการยกเลิก');

  // A paid purchase, refunded in half when the member has only 2 points left: 5 are due, 2 taken back, 3 short.
  const balance = await balanceOf(member);
  await post(api, csrf, 'member_rewards.admin.adjust_points', { customer, points: -(balance - 2), reason: 'goodwill' }, true);
  await api.dispose();
  await admin.goto(`/admin/orders/${purchase}`);
  await admin.getByRole('button', { name: 'คืนเงิน' }).click();
  dialog = admin.getByRole('dialog');
  await expect(dialog.getByTestId('refund-left')).toContainText('จากยอด');
  await dialog.getByRole('textbox', { name: /จำนวนเงินที่คืน/ }).fill('10000');
  await dialog.getByRole('textbox', { name: /เหตุผลที่คืนเงิน/ }).fill('สินค้ามีตำหนิ');
  await dialog.getByRole('button', { name: 'คืนเงิน' }).click();
  await expect(dialog.getByText(/คืนได้ไม่เกิน/)).toBeVisible();
  const total = Number((await dialog.getByTestId('refund-left').innerText()).match(/([\d,]+\.\d\d)/)![1]!.replace(/,/g, ''));
  const half = Math.round((total / 2) * 100) / 100;
  await dialog.getByRole('textbox', { name: /จำนวนเงินที่คืน/ }).fill(String(half));
  await dialog.getByRole('button', { name: 'คืนเงิน' }).click();
  // Half the money takes back half the points the purchase earned (rounded down): the member had 2 of them left.
  const earned = Number((await admin.getByTestId('order-points-earned').innerText()).replace(/\D/g, ''));
  const due = Math.floor((earned * Math.round(half * 100)) / Math.round(total * 100));
  expect(due).toBeGreaterThan(2);
  await expect(toast(admin, `หักคะแนนคืน 2 คะแนน หักไม่ได้ ${due - 2} คะแนน`)).toBeVisible();
  await expect(admin.getByTestId('order-state')).toHaveText('คืนเงินบางส่วน');
  await expect(admin.getByTestId('refund-shortfall')).toContainText(`หักคะแนนคืนไม่ได้ ${due - 2} คะแนน`);
  await expect(admin.getByTestId('order-refunds').locator('tbody tr')).toContainText(['สินค้ามีตำหนิ']);
  expect(await balanceOf(member)).toBe(0);
  await shot(admin, 'order-refunded-desktop-th');
  // The frame lays itself out for the width it opens at: the phone shots are of a page opened at 390 px.
  await admin.setViewportSize(PHONE);
  await admin.reload();
  await expect(admin.getByTestId('refund-shortfall')).toBeVisible();
  await shot(admin, 'order-refunded-phone-th');
  await admin.setViewportSize(DESKTOP);
  await admin.getByRole('button', { name: 'เปลี่ยนเป็นภาษาอังกฤษ (English)' }).click();
  await expect(admin.getByTestId('refund-shortfall')).toContainText(`${due - 2} points could not be taken back`);
  await admin.setViewportSize(PHONE);
  await admin.reload();
  await expect(admin.getByTestId('refund-shortfall')).toContainText('points could not be taken back');
  await shot(admin, 'order-refunded-phone-en');
  expect(appErrors(consoleErrors)).toEqual([]);

  // The Branch Manager of Siam: this member's Siam orders only, read-only.
  const branch = await newPage(browser);
  await signInManager(branch, BRANCH_MANAGER_EMAIL, BRANCH_MANAGER_PASSWORD, `/admin/orders?q=${customer}`);
  const theirs = branch.locator('tbody tr');
  await expect(theirs).toHaveCount(2);
  await expect(theirs.filter({ hasText: chiangMai })).toHaveCount(0);
  await expect(theirs.filter({ hasText: purchase })).toHaveCount(0);
  await theirs.filter({ hasText: keychain }).getByRole('link').click();
  await expect(branch.getByTestId('order-cancelled')).toContainText('เหตุผล: ของรางวัลเสียหาย');
  await expect(branch.getByRole('button', { name: /ยกเลิกคำสั่งซื้อ|คืนเงิน/ })).toHaveCount(0);
  await shot(branch, 'order-branch-manager-desktop-th');
});
