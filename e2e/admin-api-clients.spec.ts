import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { request, type Page } from '@playwright/test';
import { BASE_URL } from './support/env';
import { ACCOUNTS, DESKTOP, overflows, PORTRAIT, signedInAs } from './support/back-office';
import { newVerifiedMember } from './support/member';
import { SCREENS_DIR } from './support/screenshot';
import { expect, test } from './support/fixtures';

/**
 * The brand's own systems in the back office: a System Manager creates an API client and is shown its secret once,
 * subscribes a webhook URL on its behalf, reads and redelivers a delivery, disables and enables the endpoint, and
 * revokes the client, whose key then opens nothing. A Loyalty Manager has no such screen. The list, the secret's
 * dialog and the deliveries are looked at in Thai and English at 1280x800 and 820x1180.
 */
test.setTimeout(600_000);

const SHOTS = path.join(SCREENS_DIR, 'admin-api-clients');
const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** The page as it is now, at both sizes: nothing sideways (unless a dialog is what is looked at), each one saved. */
async function shoot(page: Page, name: string, lang: 'th' | 'en', { dialog = false } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  // The toasts of what was just done have closed: the screen itself is what is looked at.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 20_000 });
  for (const size of [DESKTOP, PORTRAIT]) {
    await page.setViewportSize(size);
    if (!dialog) {
      // Opened afresh at this size (the list's state is in the address): the frame's sidebar does not slide away
      // while the page is measured.
      await page.reload();
      await expect(page.locator('tbody tr').first()).toBeVisible();
    }
    await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
    if (!dialog) expect(await overflows(page), `${name} ${lang} ${size.width}`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${size.width}x${size.height}.png`, fullPage: !dialog, animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
}

/** A call of the integration API as the client, with Frappe's `token key:secret`: its status. */
async function lookupAsClient(key: string, secret: string, phone: string): Promise<number> {
  const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Authorization: `token ${key}:${secret}` } });
  const res = await api.get(`/api/method/member_rewards.integration.lookup_member?phone=${phone}`);
  const status = res.status();
  await api.dispose();
  return status;
}

test('a System Manager creates an API client, sees its secret once, subscribes a webhook, reads its deliveries and revokes the client', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const name = `POS สาขาสยาม ${stamp}`;
  const page = await signedInAs(browser, ACCOUNTS.admin);
  await page.goto('/admin/api-clients');
  await expect(page.getByRole('heading', { level: 1, name: 'ระบบที่เชื่อมต่อผ่าน API' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'เมนูผู้ดูแล' }).getByRole('link', { name: 'ระบบที่เชื่อมต่อ' })).toBeVisible();

  // Create: a name and what it may do; no scope is refused before anything is sent.
  await page.getByRole('button', { name: 'เพิ่มระบบ' }).click();
  const form = page.getByRole('dialog', { name: 'เพิ่มระบบที่เชื่อมต่อ' });
  await form.getByLabel(/^ชื่อระบบ/).fill(name);
  await form.getByRole('button', { name: 'สร้าง' }).click();
  await expect(form.getByText('เลือกอย่างน้อยหนึ่งอย่าง')).toBeVisible();
  await form.getByRole('checkbox', { name: /ค้นหาสมาชิกด้วยเบอร์โทรหรือรหัสสมาชิก/ }).check();
  await form.getByRole('checkbox', { name: /รับแจ้งเหตุการณ์ของโปรแกรม/ }).check();
  await form.getByRole('button', { name: 'สร้าง' }).click();

  // The key and the secret, once, with the warning that they will not be shown again.
  const shown = page.getByRole('dialog', { name: `เก็บรหัสของ ${name} ไว้ตอนนี้` });
  await expect(shown.getByTestId('secret-warning')).toHaveText('รหัสลับจะแสดงเพียงครั้งนี้ครั้งเดียว เมื่อปิดหน้าต่างนี้แล้วจะดูอีกไม่ได้ หากทำหาย ต้องเปลี่ยนรหัสลับใหม่');
  const key = (await shown.getByTestId('issued-key').textContent())!.trim();
  const secret = (await shown.getByTestId('issued-secret').textContent())!.trim();
  expect(key).toMatch(/^mrc_/);
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await expect(shown.getByRole('button', { name: 'คัดลอก' })).toHaveCount(2);
  await expect(toast(page, `สร้าง ${name} แล้ว`)).toBeVisible();
  await shoot(page, 'secret-once', 'th', { dialog: true });

  // The key and secret open the integration API (an unknown phone is a 404 of the lookup, not a 401 of the key).
  const phone = `08${String(Date.now()).slice(-8)}`;
  expect(await lookupAsClient(key, secret, phone)).not.toBe(401);

  // Closed, nothing shows the secret again: not this page, not after a reload.
  await shown.getByRole('button', { name: 'เก็บไว้แล้ว ปิดหน้าต่าง' }).click();
  await expect(shown).toBeHidden();
  expect(await page.locator('body').innerText()).not.toContain(secret);
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: key });
  await expect(row).toContainText(name);
  await expect(row).toContainText('members:read');
  await expect(row).toContainText('ทุกสาขา');
  // The lookup above used it: its last use is shown, not "never".
  await expect(row).not.toContainText('ยังไม่เคยใช้');
  await expect(row).toContainText('ใช้งานอยู่');
  expect(await page.content()).not.toContain(secret);
  await shoot(page, 'list', 'th');

  // Its webhooks: a URL subscribed on its behalf, to new members; the signing secret shown once.
  await row.getByRole('link', { name: 'เว็บฮุก' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/api-clients/${key}`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'เพิ่มปลายทาง' }).click();
  const subscribe = page.getByRole('dialog', { name: `เพิ่มปลายทางเว็บฮุกให้ ${name}` });
  // The server itself is the endpoint here (allowed outside production): what it answers a POST with no session is
  // what the deliveries must show.
  const endpoint = `${BASE_URL}/api/method/ping`;
  const probe = await request.newContext({ baseURL: BASE_URL });
  const answered = await probe.post(endpoint, { data: {} });
  await probe.dispose();
  await subscribe.getByLabel(/^URL ปลายทาง/).fill(endpoint);
  await subscribe.getByRole('checkbox', { name: /สมัครสมาชิกใหม่/ }).check();
  await subscribe.getByRole('button', { name: 'เพิ่มปลายทาง' }).click();
  const signing = page.getByRole('dialog', { name: 'รหัสลับสำหรับตรวจลายเซ็น' });
  const whsec = (await signing.getByTestId('issued-webhook-secret').textContent())!.trim();
  expect(whsec).toMatch(/^whsec_/);
  await signing.getByRole('button', { name: 'เก็บไว้แล้ว ปิดหน้าต่าง' }).click();
  await expect(signing).toBeHidden();
  expect(await page.locator('body').innerText()).not.toContain(whsec);
  const subscription = page.getByTestId('subscriptions').getByRole('row').filter({ hasText: endpoint });
  await expect(subscription).toContainText('เปิดอยู่');
  await expect(subscription).toContainText('สมัครสมาชิกใหม่');

  // A member joins: one delivery of member.created to the endpoint; sent again now, its answer is shown.
  const memberContext = await browser.newContext({ baseURL: BASE_URL });
  await newVerifiedMember(await memberContext.newPage(), `เว็บฮุก ${stamp}`);
  await memberContext.close();
  await subscription.getByRole('button', { name: 'ดูการส่ง' }).click();
  await expect(page).toHaveURL(/subscription=/);
  const deliveries = page.getByTestId('deliveries');
  const delivery = deliveries.getByRole('row').filter({ hasText: 'สมัครสมาชิกใหม่' }).first();
  await expect(async () => {
    await page.reload();
    await expect(delivery).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 120_000 });
  await delivery.getByRole('button', { name: 'ส่งอีกครั้ง' }).click();
  await expect(toast(page, 'ส่ง สมัครสมาชิกใหม่ อีกครั้งแล้ว')).toBeVisible();
  await expect(delivery).toContainText(String(answered.status()));
  await expect(delivery).toContainText(answered.ok() ? 'ส่งสำเร็จ' : /รอส่งอีกครั้ง|ส่งไม่สำเร็จ/);
  await shoot(page, 'deliveries', 'th');

  // Disabled by the manager, the endpoint says so and why; enabled again, it is on.
  await subscription.getByRole('button', { name: 'ปิดการส่ง' }).click();
  await expect(subscription).toContainText('ปิดอยู่');
  await expect(subscription).toContainText('ผู้ดูแลปิดไว้');
  await subscription.getByRole('button', { name: 'เปิดการส่ง' }).click();
  await expect(subscription).toContainText('เปิดอยู่');

  // In English: the deliveries, the list, and a rotated secret's dialog.
  await page.getByRole('button', { name: 'EN' }).click();
  await expect(deliveries.locator('tbody tr').first()).toContainText('A member joined');
  await expect(deliveries.locator('tbody tr').first()).toContainText(answered.ok() ? 'Delivered' : /Pending|Failed/);
  await shoot(page, 'deliveries', 'en');
  await page.getByRole('link', { name: 'All API clients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API clients' })).toBeVisible();
  await expect(row).toContainText('Active');
  await shoot(page, 'list', 'en');
  await row.getByRole('button', { name: 'Rotate secret' }).click();
  const rotate = page.getByRole('dialog', { name: `Rotate the secret of ${name}` });
  await rotate.getByLabel(/Hours the old secret keeps working/).fill('25');
  await rotate.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(rotate.getByText('Enter a whole number from 0 to 24')).toBeVisible();
  await rotate.getByLabel(/Hours the old secret keeps working/).fill('1');
  await rotate.getByRole('button', { name: 'Rotate secret' }).click();
  const rotated = page.getByRole('dialog', { name: `Save the credentials of ${name} now` });
  await expect(rotated.getByTestId('secret-warning')).toHaveText('The secret is shown this once only. Once you close this window it cannot be shown again; if it is lost, rotate the secret.');
  const secret2 = (await rotated.getByTestId('issued-secret').textContent())!.trim();
  expect(secret2).not.toBe(secret);
  await shoot(page, 'secret-once', 'en', { dialog: true });
  await rotated.getByRole('button', { name: 'I have saved it, close' }).click();
  await expect(row).toContainText('Rotated');
  await expect(row).toContainText('Old secret works until');
  await page.getByRole('button', { name: 'ไทย' }).click();

  // Revoked after a confirmation: neither secret opens anything any more.
  await row.getByRole('button', { name: 'ยกเลิกสิทธิ์' }).click();
  const revoke = page.getByRole('dialog', { name: `ยกเลิกสิทธิ์ของ ${name} ใช่ไหม` });
  await expect(revoke.getByTestId('revoke-what')).toContainText('ย้อนกลับไม่ได้');
  await revoke.getByRole('button', { name: 'ยกเลิกสิทธิ์' }).click();
  await expect(toast(page, `ยกเลิกสิทธิ์ของ ${name} แล้ว`)).toBeVisible();
  await expect(row).toContainText('ยกเลิกแล้ว');
  await expect(row.getByRole('button', { name: 'ยกเลิกสิทธิ์' })).toHaveCount(0);
  expect(await lookupAsClient(key, secret2, phone)).toBe(401);
  expect(await lookupAsClient(key, secret, phone)).toBe(401);
  await page.context().close();
});

test('a Loyalty Manager has no API clients in the sidebar and is refused at the address', async ({ browser }) => {
  const page = await signedInAs(browser, ACCOUNTS.loyalty);
  await page.goto('/admin/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'เมนูผู้ดูแล' });
  await expect(sidebar.getByRole('link', { name: 'พนักงาน' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'ระบบที่เชื่อมต่อ' })).toHaveCount(0);
  await page.goto('/admin/api-clients');
  await expect(page.getByRole('alert')).toContainText('บทบาทของคุณเปิดหน้านี้ไม่ได้');
  await expect(page.getByRole('heading', { level: 1, name: 'ระบบที่เชื่อมต่อผ่าน API' })).toHaveCount(0);
  const list = await page.request.get('/api/method/member_rewards.api_clients.list');
  expect(list.status()).toBe(403);
  await page.context().close();
});
