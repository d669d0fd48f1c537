import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { BASE_URL, BRANCH_MANAGER_EMAIL, BRANCH_MANAGER_PASSWORD, LOYALTY_MANAGER_EMAIL, LOYALTY_MANAGER_PASSWORD, VIEWPORT } from './support/env';
import { appErrors, expect, test } from './support/fixtures';
import { adminApi, memberCall, signInDemoMember, newVerifiedMember, staffAward } from './support/member';

const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };
const SHOTS = '/tmp/i16u-shots';

async function newPage(browser: Browser, viewport = VIEWPORT): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, serviceWorkers: 'block' });
  return context.newPage();
}

/** Signs a manager in through the back office's own gate (Thai: the default language) and waits for the sidebar. */
async function signInManager(page: Page, email = LOYALTY_MANAGER_EMAIL, password = LOYALTY_MANAGER_PASSWORD, path = '/admin') {
  await page.goto(path);
  await page.getByLabel('ชื่อผู้ใช้หรืออีเมล').fill(email);
  await page.getByLabel('รหัสผ่าน').fill(password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await expect(page.getByRole('navigation', { name: 'เมนูผู้ดูแล' })).toBeVisible();
}

const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const nav = (page: Page) => page.getByRole('navigation', { name: 'เมนูผู้ดูแล' });

/** A new member (signed in on their own page) and their member number, found by name in the back office. */
async function newMember(browser: Browser, admin: Page, name: string) {
  const member = await newPage(browser);
  await newVerifiedMember(member, name);
  await admin.goto('/admin/members');
  await admin.getByLabel('ค้นหา').fill(name);
  // The search settles into the address (and the list) once typing stops.
  await expect(admin).toHaveURL(/\/admin\/members\?q=/);
  await admin.getByRole('link', { name: new RegExp(name) }).click();
  await expect(admin).toHaveURL(/\/admin\/members\/[^/]+$/);
  const customer = decodeURIComponent(admin.url().split('/').pop()!);
  // Back from the member: the search is still there, in the box and in the list.
  await admin.goBack();
  await expect(admin.getByLabel('ค้นหา')).toHaveValue(name);
  await expect(admin.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await admin.goForward();
  await expect(admin).toHaveURL(/\/admin\/members\/[^/]+$/);
  return { member, customer };
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe('back office, as a Loyalty Manager', () => {
  test('a reward created with an image reaches the member home; out of stock, the redeem is refused; the audit log shows the change', async ({ browser, consoleErrors }) => {
    const admin = await newPage(browser, DESKTOP);
    await signInManager(admin);
    // A programme manager lands on the dashboard, the first entry of the sidebar.
    await expect(admin).toHaveURL(/\/admin\/dashboard$/);
    await nav(admin).getByRole('link', { name: 'ของรางวัล' }).click();
    await expect(admin).toHaveURL(/\/admin\/rewards$/);
    await expect(admin.getByTestId('admin-role')).toHaveText('ผู้จัดการโปรแกรมสะสมคะแนน');
    const code = `E2E-MUG-${Date.now().toString(36).toUpperCase()}`;
    await admin.getByRole('button', { name: 'เพิ่มของรางวัล' }).click();
    await admin.getByLabel('รหัสสินค้า').fill(code);
    await admin.getByLabel('ชื่อของรางวัล').fill('แก้วมัคหลังบ้าน');
    await admin.getByLabel('คะแนนที่ใช้แลก').fill('5');
    await admin.getByLabel('จำนวนคงเหลือ', { exact: true }).fill('1');
    await admin.getByLabel('รายละเอียด', { exact: true }).fill('<p>แก้วเซรามิก<script>alert(1)</script></p>');
    const png = await admin.screenshot({ clip: { x: 0, y: 0, width: 160, height: 100 }, type: 'png' });
    await admin.locator('input[type=file]').setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: png });
    const preview = admin.getByTestId('reward-preview');
    await expect(preview.locator('img').first()).toHaveAttribute('src', /\/files\//);
    await expect(preview).toContainText('5 คะแนน');
    await expect(preview).toContainText('แก้วเซรามิก');
    expect(await preview.locator('script').count()).toBe(0);
    await admin.getByLabel('เผยแพร่ให้สมาชิกเห็น').check();
    await admin.getByRole('button', { name: 'บันทึก' }).first().click();
    await expect(toast(admin, 'เพิ่ม แก้วมัคหลังบ้าน แล้ว')).toBeVisible();
    await expect(admin.getByRole('link', { name: /แก้วมัคหลังบ้าน/ })).toBeVisible();

    const member = await newPage(browser);
    await signInDemoMember(member);
    await member.goto(`/products/${code}`);
    await expect(member.getByText('แก้วมัคหลังบ้าน').first()).toBeVisible();
    await member.goto(`/${code}/gift-checkout`);
    await member.getByTestId('branch-select').selectOption('สาขาสยาม');

    // The last unit goes: stock 0.
    await admin.getByRole('link', { name: /แก้วมัคหลังบ้าน/ }).click();
    await admin.getByLabel('จำนวนคงเหลือ', { exact: true }).fill('0');
    await admin.getByRole('button', { name: 'บันทึก' }).first().click();
    await expect(toast(admin, 'บันทึก แก้วมัคหลังบ้าน แล้ว')).toBeVisible();
    await admin.getByRole('combobox', { name: 'คงเหลือ' }).click();
    await admin.getByRole('option', { name: 'ของหมด' }).click();
    await expect(admin.getByRole('link', { name: /แก้วมัคหลังบ้าน/ })).toBeVisible();

    await member.getByTestId('redeem-using').click();
    await member.getByRole('dialog').getByTestId('confirm-redeem').click();
    await expect(member.getByTestId('redeem-error')).toContainText('แก้วมัคหลังบ้าน หมดชั่วคราว');

    await admin.getByRole('link', { name: 'บันทึกการตรวจสอบ' }).click();
    await admin.getByRole('combobox', { name: 'ประเภทข้อมูล' }).click();
    await admin.getByRole('option', { name: 'ของรางวัลและสินค้า', exact: true }).click();
    const row = admin.getByRole('row').filter({ hasText: code }).first();
    await expect(row).toContainText('จำนวนคงเหลือ: 1 → 0');

    // Unpublished again, so the member journeys of other specs see the seeded catalogue.
    await admin.goto(`/admin/rewards/${code}`);
    await admin.getByLabel('เผยแพร่ให้สมาชิกเห็น').uncheck();
    await admin.getByRole('button', { name: 'บันทึก' }).first().click();
    await expect(toast(admin, 'บันทึก แก้วมัคหลังบ้าน แล้ว')).toBeVisible();
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('an adjustment shows its member text in the member history; an import commits once; a blocked member is signed out; an export keeps Thai', async ({ browser }) => {
    const admin = await newPage(browser, DESKTOP);
    await signInManager(admin);
    const name = `สมาชิกหลังบ้าน${Date.now().toString(36)}`;
    const { member, customer } = await newMember(browser, admin, name);

    const balance = async () => Number((await admin.getByTestId('member-balance').innerText()).replace(/\D/g, ''));
    const start = await balance(); // the sign-up bonus, whatever the programme gives
    await admin.getByRole('button', { name: 'ปรับคะแนน' }).click();
    const adjust = admin.getByRole('dialog');
    await adjust.getByRole('textbox', { name: /^คะแนน/ }).fill('30');
    await adjust.getByRole('combobox', { name: /^เหตุผล/ }).click();
    await admin.getByRole('option', { name: 'ชดเชยน้ำใจ' }).click();
    await adjust.getByLabel('ข้อความที่สมาชิกเห็น').fill('ขออภัยที่รอนาน');
    await adjust.getByRole('button', { name: 'ปรับคะแนน' }).click();
    await expect(toast(admin, `ปรับ 30 คะแนนแล้ว คงเหลือ ${start + 30} คะแนน`)).toBeVisible();
    await expect(admin.getByTestId('member-balance')).toHaveText(`${start + 30} คะแนน`);
    await member.goto('/reward-history');
    await expect(member.getByTestId('points-received').first()).toContainText('ขออภัยที่รอนาน');

    await admin.getByRole('link', { name: 'นำเข้าคะแนน' }).click();
    const file = admin.locator('input[type=file]');
    const bad = `member,points,reason\n${customer},20,opening_balance\nCUST-NOPE,5,opening_balance\n`;
    await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await expect(admin.getByTestId('import-errors')).toContainText('ไม่พบสมาชิก');
    await expect(admin.getByRole('button', { name: 'ยืนยันการนำเข้า' })).toBeDisabled();
    const good = `member,points,reason\n${customer},20,opening_balance\n`;
    await file.setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await expect(admin.getByTestId('import-summary')).toContainText('ถูกต้อง 1 แถว');
    await admin.getByRole('button', { name: 'ยืนยันการนำเข้า' }).click();
    await expect(admin.getByTestId('import-summary')).toHaveText('นำเข้า 1 แถวแล้ว');
    await file.setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await admin.getByRole('button', { name: 'ยืนยันการนำเข้า' }).click();
    await expect(admin.getByTestId('import-summary')).toHaveText('ไฟล์นี้นำเข้าไปแล้ว ไม่มีการเปลี่ยนแปลงใด ๆ');

    await admin.goto(`/admin/members/${customer}`);
    await expect(admin.getByTestId('member-balance')).toHaveText(`${start + 50} คะแนน`);
    await member.goto('/');
    await admin.getByRole('button', { name: 'ระงับบัญชี' }).click();
    await admin.getByRole('dialog').getByLabel('เหตุผล').fill('ทุจริตคะแนน');
    await admin.getByRole('dialog').getByRole('button', { name: 'ระงับบัญชี' }).click();
    await expect(admin.getByTestId('member-blocked')).toContainText('ทุจริตคะแนน');
    // The member opens a reward to redeem it: the first call the server refuses tells the app the session is gone,
    // and it shows the sign-in instead of screens whose every call (the redemption too) would fail.
    await member.goto('/GIFT-KEYCHAIN/gift-checkout');
    await expect(member).toHaveURL(/\/login/);
    expect(await memberCall<{ user: string }>(member, 'member_rewards.api.boot')).toMatchObject({ user: 'Guest' });

    await admin.getByRole('link', { name: 'บันทึกการตรวจสอบ' }).click();
    await admin.getByRole('combobox', { name: 'ประเภทข้อมูล' }).click();
    await admin.getByRole('option', { name: 'สมาชิก', exact: true }).click();
    await expect(admin.getByRole('row').filter({ hasText: customer }).first()).toContainText('ระงับบัญชี: ไม่ → ใช่');

    await admin.getByRole('link', { name: 'ส่งออกข้อมูล' }).click();
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'ดาวน์โหลด CSV' }).click()]);
    const bytes = await (await import('node:fs/promises')).readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('customer,full_name,mobile_no,email,member_since,loyalty_points,blocked');
    expect(lines.find((l) => l.startsWith(`${customer},`))).toContain(name);
  });

  test('at 820×1180 the sidebar folds into a menu and every screen fits; screenshots of each screen', async ({ browser }) => {
    // Every back-office screen at two sizes, with full-page screenshots: 4.7 minutes on a busy machine.
    test.setTimeout(10 * 60_000);
    const page = await newPage(browser, TABLET);
    await signInManager(page);
    const screens = [
      ['rewards', 'ของรางวัล'],
      ['branches', 'สาขา'],
      ['members', 'สมาชิก'],
      ['orders', 'คำสั่งซื้อ'],
      ['import', 'นำเข้าคะแนน'],
      ['staff', 'พนักงาน'],
      ['audit', 'บันทึกการตรวจสอบ'],
      ['exports', 'ส่งออกข้อมูล'],
    ] as const;
    for (const [path, label] of screens) {
      await page.getByRole('button', { name: 'เปิดหรือปิดเมนู' }).click();
      await nav(page).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot(page, `tablet-th-${path}`);
    }
    await page.goto('/admin/rewards/new');
    await expect(page.getByTestId('reward-preview')).toBeVisible();
    await shot(page, 'tablet-th-reward-editor');
    await page.goto('/admin/members/CUST-00001');
    await expect(page.getByTestId('member-balance')).toBeVisible();
    await shot(page, 'tablet-th-member');

    await page.setViewportSize(DESKTOP);
    for (const [path] of screens) {
      await page.goto(`/admin/${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot(page, `desktop-th-${path}`);
    }
    await page.goto('/admin/rewards/new');
    await shot(page, 'desktop-th-reward-editor');
    await page.goto('/admin/members/CUST-00001');
    await expect(page.getByTestId('member-balance')).toBeVisible();
    await shot(page, 'desktop-th-member');
    await page.getByRole('button', { name: 'EN' }).click();
    await expect(page.getByText('Points history')).toBeVisible();
    await shot(page, 'desktop-en-member');
  });
});

test('a Branch Manager sees their branch: members to read, their staff and their audit, no programme screens', async ({ browser }) => {
  const page = await newPage(browser, DESKTOP);
  await signInManager(page, BRANCH_MANAGER_EMAIL, BRANCH_MANAGER_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/members$/);
  const entries = nav(page).locator('.mantine-NavLink-root');
  await expect(entries).toHaveText(['สมาชิก', 'คำสั่งซื้อ', 'พนักงาน', 'บันทึกการตรวจสอบ']);
  // A member of their branch (points earned at its till) is theirs to read: the balance, with no action to change it.
  const member = await newPage(browser);
  const phone = await newVerifiedMember(member, `สาขาเดียวกัน ${Date.now() % 100000}`);
  await staffAward(member, 100);
  await member.context().close();
  const { api, csrf } = await adminApi();
  const found = await api.get(`/api/method/member_rewards.admin.search_members?q=${phone}`, { headers: { 'X-Frappe-CSRF-Token': csrf } });
  const customer = ((await found.json()) as { message: { rows: Array<{ customer: string }> } }).message.rows[0]!.customer;
  await api.dispose();
  await page.goto(`/admin/members/${customer}`);
  await expect(page.getByTestId('member-balance')).toBeVisible();
  await expect(page.getByRole('button', { name: 'ปรับคะแนน' })).toHaveCount(0);
  await page.goto('/admin/staff');
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'พนักงานสาขาสยาม' })).toBeVisible();
  const branches = await page.locator('tbody tr td:nth-child(3)').allInnerTexts();
  expect(new Set(branches)).toEqual(new Set(['สาขาสยาม']));
  await page.goto('/admin/rewards');
  await expect(page.getByRole('alert')).toContainText('บทบาทของคุณเปิดหน้านี้ไม่ได้');
  await shot(page, 'desktop-th-branch-manager-denied');
});
