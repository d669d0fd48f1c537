import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ACCOUNTS, backOfficePage, DESKTOP, LANDSCAPE, overflows, PORTRAIT, signedInAs, type Lang, type Viewport } from './support/back-office';
import { pickDay } from './support/date-field';
import { SCREENS_DIR } from './support/screenshot';
import { appErrors, expect, test, type ConsoleEntry } from './support/fixtures';
import { memberCall } from './support/member';

/**
 * The back office as its managers use it: each role signs in at /staff-login and lands on its own screen; the
 * audit log says what happened in the manager's language; dates are entered and shown in the manager's calendar;
 * and every list and the dashboard fit a tablet in both orientations.
 */
test.setTimeout(600_000);
/** For a screen's first paint: its chunk and its data arrive over a loaded machine's loopback. */
const patient = expect.configure({ timeout: 30_000 });

const SHOTS = path.join(SCREENS_DIR, 'admin-managers');
/** A page signed in as the System Manager. */
const signedIn = (browser: Browser, viewport: Viewport, lang: Lang) => signedInAs(browser, ACCOUNTS.admin, { viewport, lang });

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** What overflows sideways on the page: the document itself, a table that scrolls inside its box, a badge cut short. */

test('each role that signs in at /staff-login lands where its work is, with no error', async ({ browser }) => {
  const roles = [
    [ACCOUNTS.admin, /\/admin\/dashboard$/],
    [ACCOUNTS.loyalty, /\/admin\/dashboard$/],
    [ACCOUNTS.branch, /\/admin\/members$/],
    [ACCOUNTS.staff, /\/staff$/],
  ] as const;
  for (const [{ email, password }, home] of roles) {
    const page = await backOfficePage(browser, DESKTOP);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/staff-login');
    await page.getByLabel(/ชื่อผู้ใช้หรืออีเมล/).fill(email);
    await page.getByLabel(/รหัสผ่าน/).fill(password);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
    await patient(page, email).toHaveURL(home);
    await expect(page.getByText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง')).toHaveCount(0);
    if (email !== ACCOUNTS.staff.email) {
      await patient(page.getByRole('navigation', { name: 'เมนูผู้ดูแล' })).toBeVisible();
      await patient(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    expect(errors.filter((e) => /403|not permitted/i.test(e)), email).toEqual([]);
    await page.context().close();
  }
});

test('the audit log says in Thai who did what, field by field, and a long address wraps inside its cell', async ({ browser }) => {
  const admin = await signedIn(browser, LANDSCAPE, 'th');
  const consoleErrors: ConsoleEntry[] = [];
  admin.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push({ type: 'console', text: m.text(), url: m.location().url });
  });
  admin.on('pageerror', (e) => consoleErrors.push({ type: 'pageerror', text: e.message }));
  await admin.goto('/admin/audit');
  const email = `till.${Date.now().toString(36)}.supervisor.siam-square-flagship@e2e-long-addresses.test`;
  const created = await memberCall<{ name: string }>(admin, 'member_rewards.staff.create_staff_user', { email, full_name: 'หัวหน้ากะ สยามสแควร์', password: 'a-long-password-1', branch: 'สาขาสยาม' }, 'POST');
  expect(created.name).toBe(email);
  await memberCall(admin, 'member_rewards.staff.set_staff_user_enabled', { user: email, enabled: 0 }, 'POST');

  await admin.reload();
  const row = admin.getByRole('row').filter({ hasText: email }).first();
  await patient(row).toContainText('แก้ไข');
  await expect(row).toContainText('บัญชีผู้ใช้');
  await expect(row).toContainText('ผู้ดูแลระบบ');
  await expect(row).toContainText('เปิดใช้งานบัญชี: ใช่ → ไม่');
  const created_ = admin.getByRole('row').filter({ hasText: email }).filter({ hasText: 'สร้าง' }).first();
  await expect(created_).toContainText('บทบาท: – → พนักงานหน้าร้าน');
  for (const text of await admin.getByRole('row').filter({ hasText: email }).allInnerTexts()) {
    expect(text).not.toMatch(/\b(update|create)\b|System Manager|Store Staff|[{}[\]"]/);
  }
  // Each cell holds its text: nothing runs into the next column.
  const spills = await row.locator('td').evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));
  expect(spills).toEqual([]);
  expect(await overflows(admin)).toEqual([]);

  // The kind of record and the action are chosen by their names.
  await admin.getByRole('combobox', { name: 'การกระทำ' }).click();
  await admin.getByRole('option', { name: 'แก้ไข', exact: true }).click();
  await admin.getByRole('combobox', { name: 'ประเภทข้อมูล' }).click();
  await admin.getByRole('option', { name: 'บัญชีผู้ใช้', exact: true }).click();
  await expect(admin).toHaveURL(/what=update/);
  await expect(admin).toHaveURL(/doctype=User/);
  await expect(admin.getByRole('row').filter({ hasText: email }).first()).toContainText('เปิดใช้งานบัญชี: ใช่ → ไม่');
  await memberCall(admin, 'member_rewards.staff.set_staff_user_enabled', { user: email, enabled: 1 }, 'POST');
  expect(appErrors(consoleErrors)).toEqual([]);
  await admin.context().close();
});

test('a date in Thai is shown in the Buddhist era with Thai month names and saved as the ISO day', async ({ browser }) => {
  const admin = await signedIn(browser, DESKTOP, 'th');
  await admin.goto('/admin/rewards/GIFT-TOTE');
  const endOf = () => admin.evaluate(async () => (await (await fetch('/api/resource/Item/GIFT-TOTE')).json()).data.item_schedule_end as string | null);
  const seeded = await endOf();
  const end = admin.getByLabel('สิ้นสุดการแสดง');
  // The last day of March next year: a day the member catalogue is unaffected by.
  const year = new Date().getFullYear() + 1;
  const iso = `${year}-03-31`;
  await patient(end).toBeVisible();
  await pickDay(admin, end, iso);
  await expect(end).toHaveValue(`31 มี.ค. ${year + 543}`);
  const save = async () => {
    await admin.getByRole('button', { name: 'บันทึก' }).first().click();
    await expect(admin.locator('.mantine-Notification-root').filter({ hasText: 'บันทึก กระเป๋าผ้ารักษ์โลก แล้ว' }).first()).toBeVisible();
  };
  await save();
  expect(await endOf()).toBe(iso);
  // Saved, the editor goes back to the list; opened again, it shows the saved day.
  await admin.goto('/admin/rewards/GIFT-TOTE');
  await patient(admin.getByLabel('สิ้นสุดการแสดง')).toHaveValue(`31 มี.ค. ${year + 543}`);

  // The audit log shows the day the same way, and an English manager sees it in the Gregorian calendar.
  await admin.goto('/admin/audit?doctype=Item');
  await patient(admin.getByRole('row').filter({ hasText: 'GIFT-TOTE' }).first()).toContainText(`สิ้นสุดการแสดง: `);
  await expect(admin.getByRole('row').filter({ hasText: 'GIFT-TOTE' }).first()).toContainText(`→ 31 มี.ค. ${year + 543}`);
  const english = await signedIn(browser, DESKTOP, 'en');
  await english.goto('/admin/audit?doctype=Item');
  await patient(english.getByRole('row').filter({ hasText: 'GIFT-TOTE' }).first()).toContainText(`→ 31 Mar ${year}`);
  await english.context().close();

  // Put back as seeded, through the same field.
  await admin.goto('/admin/rewards/GIFT-TOTE');
  await patient(admin.getByLabel('สิ้นสุดการแสดง')).toHaveValue(`31 มี.ค. ${year + 543}`);
  if (seeded) await pickDay(admin, admin.getByLabel('สิ้นสุดการแสดง'), seeded);
  else await admin.getByRole('button', { name: 'ล้างวันที่' }).click();
  await save();
  await expect.poll(endOf).toBe(seeded);
  await admin.context().close();
});

const LISTS = [
  '/admin/dashboard',
  '/admin/rules',
  '/admin/rewards',
  '/admin/branches',
  '/admin/members',
  '/admin/members/CUST-00001',
  '/admin/orders',
  '/admin/import',
  '/admin/staff',
  '/admin/audit',
  '/admin/exports',
  '/admin/broadcasts',
  '/admin/privacy-requests',
  '/admin/privacy-notice',
  '/admin/access-log',
  '/blog-admin',
  '/blog-categories',
];

const READY: Record<string, string> = { '/admin/dashboard': 'figure-summary', '/admin/members/CUST-00001': 'member-balance' };

test('on a tablet, landscape and portrait, no back-office page scrolls sideways and no badge is cut', async ({ browser }) => {
  for (const viewport of [LANDSCAPE, PORTRAIT]) {
    for (const lang of ['th', 'en'] as const) {
      const page = await signedIn(browser, viewport, lang);
      for (const path of LISTS) {
        await page.goto(path);
        await patient(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // Drawn with its data: the dashboard's figures, a member's balance, a list's rows (or its "no records" line).
        if (READY[path]) await patient(page.getByTestId(READY[path])).toBeVisible();
        if (await page.locator('table').count()) await patient(page.locator('tbody tr, .mantine-datatable-empty-state').first()).toBeVisible();
        expect(await overflows(page), `${lang} ${viewport.width}×${viewport.height} ${path}`).toEqual([]);
      }
      await page.context().close();
    }
  }
});

test('screenshots: dashboard, members, branches, audit and a form with a date field, three sizes, Thai and English', async ({ browser }) => {
  for (const lang of ['th', 'en'] as const) {
    for (const viewport of [DESKTOP, LANDSCAPE, PORTRAIT]) {
      const page = await signedIn(browser, viewport, lang);
      const size = `${viewport.width}x${viewport.height}`;
      for (const [name, path] of [['dashboard', '/admin/dashboard'], ['members', '/admin/members'], ['branches', '/admin/branches'], ['audit', '/admin/audit']] as const) {
        await page.goto(path);
        await patient(page.locator('tbody tr, [data-testid^="figure-"]').first()).toBeVisible();
        await shot(page, `${name}-${lang}-${size}`);
      }
      await page.goto('/admin/rewards/GIFT-TOTE');
      await page.getByLabel(lang === 'th' ? 'เริ่มแสดง' : 'Shown from').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/date-field-${lang}-${size}.png`, animations: 'disabled' });
      await page.keyboard.press('Escape');
      await page.context().close();
    }
  }
});
