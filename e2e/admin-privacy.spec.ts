import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { BASE_URL } from './support/env';
import { ACCOUNTS, DESKTOP, LANDSCAPE, overflows, PORTRAIT, signedInAs, type Account } from './support/back-office';
import { adminApi, memberCall, newVerifiedMember } from './support/member';
import { SCREENS_DIR } from './support/screenshot';
import { expect, test } from './support/fixtures';

/**
 * Members' personal data in the back office: a manager erases a member on their request with the code the member
 * received; a System Manager reads who opened whose page; a new privacy notice version is listed; a campaign's
 * reach leaves out members who never said yes to offers; a Branch Manager sees no personal data of a member never
 * active at their branch. Each screen is looked at in Thai and English at three sizes.
 */
test.setTimeout(600_000);

const SHOTS = path.join(SCREENS_DIR, 'admin-privacy');
const SIZES = [DESKTOP, LANDSCAPE, PORTRAIT];

/** A new member with a verified phone (signed in on a page of their own), and their member number. */
async function newMember(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  const phone = await newVerifiedMember(page, name);
  const { api, csrf } = await adminApi();
  const found = await api.get(`/api/method/member_rewards.admin.search_members?q=${phone}`, { headers: { 'X-Frappe-CSRF-Token': csrf } });
  expect(found.ok(), await found.text()).toBe(true);
  const row = ((await found.json()) as { message: { rows: Array<{ customer: string; email: string | null }> } }).message.rows[0]!;
  await api.dispose();
  return { page, phone, customer: row.customer, email: row.email };
}

const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** A day as a Thai reader writes it (Buddhist era), `days` after today in Bangkok. */
function thaiDay(days: number): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date()).split('-').map(Number);
  return new Intl.DateTimeFormat('th-TH', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y!, m! - 1, d! + days, 12));
}
const bangkokToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());

/** The last erasure code the development SMS outbox holds for a phone (it may still be on its way). */
async function erasureCode(page: Page, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/method/member_rewards.dev.sms_outbox?phone=${phone}`);
      const rows = ((await res.json()) as { message: Array<{ body: string }> }).message;
      code = rows.find((r) => /ลบบัญชี|delete/.test(r.body))?.body.match(/\b(\d{6})\b/)?.[1];
      return code;
    }, { message: `an erasure code sent to ${phone}` })
    .toBeTruthy();
  return code!;
}

/** What overflows sideways: the page itself, or a table scrolling inside its box. */

/** The screen at `path` in both languages and the three back-office sizes: nothing sideways, each one saved. */
async function lookAt(browser: Browser, who: Account, path: string, name: string, ready: (page: Page) => Locator) {
  mkdirSync(SHOTS, { recursive: true });
  for (const lang of ['th', 'en'] as const) {
    // One sign-in per language, the sizes by resizing.
    const page = await signedInAs(browser, who, { lang });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(path);
      await expect(ready(page)).toBeVisible();
      await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
      expect(await overflows(page), `${name} ${lang} ${size.width}`).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${size.width}x${size.height}.png`, fullPage: true, animations: 'disabled' });
    }
    await page.context().close();
  }
}

test('a manager records a member’s erasure request, sees its 90-day deadline, and erases the member with the code the member received', async ({ browser }) => {
  const name = `ลบข้อมูล ${Date.now() % 100000}`;
  const member = await newMember(browser, name);
  const page = await signedInAs(browser, ACCOUNTS.loyalty);
  await page.goto('/admin/privacy-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'คำขอเกี่ยวกับข้อมูลส่วนบุคคล' })).toBeVisible();

  // The member asked at a branch: the manager records it, and its legal deadline runs from today.
  await page.getByRole('button', { name: 'บันทึกคำขอ' }).click();
  const record = page.getByRole('dialog', { name: 'บันทึกคำขอที่ได้รับนอกแอป' });
  await record.getByRole('button', { name: 'บันทึกคำขอ' }).click();
  await expect(record.getByText('กรุณากรอกข้อมูลนี้')).toHaveCount(2);
  await record.getByLabel('รหัสสมาชิก').fill(member.customer);
  await record.getByRole('combobox', { name: /^ประเภทคำขอ/ }).click();
  await page.getByRole('option', { name: 'ขอลบข้อมูล' }).click();
  await record.getByRole('button', { name: 'บันทึกคำขอ' }).click();
  await expect(toast(page, `บันทึกคำขอแล้ว ครบกำหนด ${thaiDay(90)}`)).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: member.customer });
  await expect(row).toContainText(name);
  await expect(row).toContainText('ขอลบข้อมูล');
  await expect(row).toContainText(thaiDay(90));
  await expect(row).toContainText('อีก 90 วัน');
  await expect(row).toContainText('รอดำเนินการ');

  // Erasing says what it does, then asks for the member's confirmation: a code to their verified phone.
  await row.getByRole('button', { name: 'ลบข้อมูล' }).click();
  const erase = page.getByRole('dialog', { name: `ลบข้อมูลส่วนบุคคลของ ${name}` });
  await expect(erase.getByTestId('erase-what')).toContainText('ตัดคะแนนที่เหลือทั้งหมด');
  await expect(erase.getByTestId('erase-what')).toContainText('ย้อนกลับไม่ได้');
  await erase.getByRole('button', { name: 'ลบข้อมูลถาวร' }).click();
  await expect(erase.getByText('กรอกรหัส 6 หลักจาก SMS')).toBeVisible();
  await erase.getByRole('button', { name: 'ส่งรหัสถึงสมาชิก' }).click();
  await expect(erase.getByTestId('erase-code-sent')).toContainText(`${member.phone.slice(0, 2)}x-xxx-${member.phone.slice(-4)}`);
  await page.screenshot({ path: `${SHOTS}/erase-dialog-th-1280x800.png`, animations: 'disabled' });
  const code = await erasureCode(page, member.phone);

  // A wrong code is refused in the dialog, in the manager's words; the right one erases.
  await erase.getByLabel('รหัส 6 หลักที่สมาชิกได้รับ').fill(code === '000000' ? '111111' : '000000');
  await erase.getByRole('button', { name: 'ลบข้อมูลถาวร' }).click();
  await expect(erase.getByTestId('erase-error')).toHaveText('รหัสยืนยันไม่ถูกต้องหรือหมดอายุแล้ว กรุณาขอรหัสใหม่');
  await erase.getByLabel('รหัส 6 หลักที่สมาชิกได้รับ').fill(code);
  await erase.getByRole('button', { name: 'ลบข้อมูลถาวร' }).click();
  await expect(toast(page, 'ลบข้อมูลส่วนบุคคลของสมาชิกแล้ว')).toBeVisible();
  await expect(erase).toBeHidden();

  // The request is completed, and the member's name is gone from it.
  const done = page.getByRole('row').filter({ hasText: member.customer });
  await expect(done).toContainText('เสร็จแล้ว');
  await expect(done).toContainText('ลบข้อมูลแล้ว');
  await expect(done).not.toContainText(name);
  // The member is signed out everywhere: their session no longer answers as them.
  const boot = await memberCall<{ user?: string }>(member.page, 'member_rewards.api.boot');
  expect(boot.user ?? 'Guest').toBe('Guest');
  await member.page.context().close();

  // In English, the same list with its deadlines.
  await page.getByRole('button', { name: 'EN' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy requests' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: member.customer })).toContainText('Completed');
  await lookAt(browser, ACCOUNTS.loyalty, '/admin/privacy-requests', 'privacy-requests', (p) => p.getByRole('row').filter({ hasText: member.customer }));
});

test('a System Manager finds the access-log row written by opening a member’s page, and filters the log', async ({ browser, clientAddress }) => {
  const member = await newMember(browser, `ดูข้อมูล ${Date.now() % 100000}`);
  await member.page.context().close();
  const page = await signedInAs(browser, ACCOUNTS.admin);
  await page.goto(`/admin/members/${member.customer}`);
  await expect(page.getByTestId('member-balance')).toBeVisible();

  await page.goto('/admin/access-log');
  await expect(page.getByRole('heading', { level: 1, name: 'บันทึกการเข้าดูข้อมูลส่วนบุคคล' })).toBeVisible();
  await page.getByLabel('รหัสสมาชิก').fill(member.customer);
  await expect(page).toHaveURL(new RegExp(`member=${member.customer}`));
  const rows = page.locator('tbody tr');
  // Finding the member by phone (a search) and opening their page: views of their personal data, both logged.
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
  await page.getByRole('combobox', { name: 'การเข้าดู' }).click();
  await page.getByRole('option', { name: 'ผลการค้นหา' }).click();
  await expect(page).toHaveURL(/what=search/);
  await expect(rows).toHaveCount(1);
  await page.getByRole('combobox', { name: 'การเข้าดู' }).click();
  await page.getByRole('option', { name: 'เปิดหน้าสมาชิก' }).click();
  await expect(page).toHaveURL(/what=member_page/);
  const opened = rows.first();
  await expect(opened).toContainText('เปิดหน้าสมาชิก');
  await expect(opened).toContainText(ACCOUNTS.admin.email);
  await expect(opened).toContainText('ผู้ดูแลระบบ');
  // The address the manager's request came from (the test's own, through the server's trusted proxy).
  await expect(opened).toContainText(clientAddress);
  const shown = await rows.count();

  // The filters live in the address: a reload shows the same rows; a day range of today keeps them, one before shows none.
  await page.reload();
  await expect(page.getByLabel('รหัสสมาชิก')).toHaveValue(member.customer);
  await expect(rows).toHaveCount(shown);
  const today = bangkokToday();
  await page.goto(`/admin/access-log?member=${member.customer}&what=member_page&from=${today}&to=${today}`);
  await expect(rows).toHaveCount(shown);
  await page.goto(`/admin/access-log?member=${member.customer}&to=2020-01-01`);
  await expect(page.getByText('ไม่มีรายการ')).toBeVisible();

  // A Loyalty Manager may not read it.
  const loyalty = await signedInAs(browser, ACCOUNTS.loyalty);
  await loyalty.goto('/admin/access-log');
  await expect(loyalty.getByRole('alert')).toContainText('บทบาทของคุณเปิดหน้านี้ไม่ได้');

  await lookAt(browser, ACCOUNTS.admin, `/admin/access-log?member=${member.customer}`, 'access-log', (p) => p.locator('tbody tr').first());
});

test('publishing a new privacy notice version asks for confirmation and lists it as the current one', async ({ browser }) => {
  const page = await signedInAs(browser, ACCOUNTS.loyalty);
  await page.goto('/admin/privacy-notice');
  const first = page.locator('tbody tr').first();
  await expect(first).toContainText('ฉบับปัจจุบัน');
  const current = Number((await first.locator('td').first().textContent())!.match(/\d+/)![0]);
  const next = current + 1;

  await page.getByRole('button', { name: 'เผยแพร่ฉบับใหม่' }).click();
  const form = page.getByRole('dialog', { name: `ประกาศความเป็นส่วนตัวฉบับที่ ${next}` });
  // The new version starts from the current text; an emptied field is refused before anything is sent.
  await expect(form.getByLabel('หัวข้อ (ภาษาไทย)')).not.toHaveValue('');
  await form.getByLabel('หัวข้อ (ภาษาอังกฤษ)').fill('');
  await form.getByRole('button', { name: 'เผยแพร่' }).click();
  await expect(form.getByText('กรุณากรอกข้อมูลนี้')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/notice-form-th-1280x800.png`, animations: 'disabled' });
  const stamp = Date.now().toString(36);
  // The Thai title stays: the specs after this one find the sign-in notice by it.
  await form.getByLabel('หัวข้อ (ภาษาไทย)').fill('นโยบายคุ้มครองข้อมูลส่วนบุคคล');
  await form.getByLabel('หัวข้อ (ภาษาอังกฤษ)').fill(`Privacy notice ${stamp}`);
  await form.getByRole('button', { name: 'เผยแพร่' }).click();

  const confirm = page.getByRole('dialog', { name: `เผยแพร่ประกาศฉบับที่ ${next} ใช่ไหม` });
  await expect(confirm).toContainText('สมาชิกทุกคนจะถูกขอให้อ่านและยินยอมประกาศฉบับใหม่อีกครั้ง');
  await confirm.getByRole('button', { name: 'เผยแพร่' }).click();
  await expect(toast(page, `เผยแพร่ประกาศฉบับที่ ${next} แล้ว`)).toBeVisible();

  await expect(first).toContainText(`ฉบับที่ ${next}`);
  await expect(first).toContainText('ฉบับปัจจุบัน');
  await expect(first).toContainText('นโยบายคุ้มครองข้อมูลส่วนบุคคล');
  await expect(first).toContainText(ACCOUNTS.loyalty.email);
  await expect(page.locator('tbody tr').filter({ hasText: `ฉบับที่ ${current}` })).not.toContainText('ฉบับปัจจุบัน');
  await page.getByRole('button', { name: 'EN' }).click();
  await expect(first).toContainText(`Privacy notice ${stamp}`);

  await lookAt(browser, ACCOUNTS.loyalty, '/admin/privacy-notice', 'privacy-notice', (p) => p.locator('tbody tr').first());
});

test('a broadcast preview leaves out a member without marketing consent until they say yes to offers', async ({ browser }) => {
  const member = await newMember(browser, `ข้อเสนอ ${Date.now() % 100000}`);
  const page = await signedInAs(browser, ACCOUNTS.loyalty);
  await page.goto('/admin/broadcasts');
  await page.getByLabel('หัวข้อ (ภาษาไทย)').fill('ข้อเสนอพิเศษ');
  await page.getByLabel('หัวข้อ (ภาษาอังกฤษ)').fill('A special offer');
  await page.getByLabel('ข้อความ (ภาษาไทย)').fill('รับคะแนนสองเท่าสุดสัปดาห์นี้');
  await page.getByLabel('ข้อความ (ภาษาอังกฤษ)').fill('Double points this weekend');
  const preview = page.getByRole('button', { name: 'ดูตัวอย่างและจำนวนผู้รับ' });
  const reach = page.getByTestId('broadcast-reach');
  const leftOut = page.getByTestId('broadcast-left-out');
  const counts = async () => ({
    members: Number((await reach.textContent())!.match(/ยินยอมรับข่าวสาร (\d+) คน/)![1]),
    leftOut: Number((await leftOut.textContent())!.match(/ไม่ได้ยินยอมรับข่าวสารการตลาด (\d+) คน/)![1]),
  });

  await preview.click();
  await expect(leftOut).toContainText('ไม่ส่งถึง: ไม่ได้ยินยอมรับข่าวสารการตลาด');
  const before = await counts();
  // Our new member never said yes to offers: they are among those left out.
  expect(before.leftOut).toBeGreaterThan(0);

  await memberCall(member.page, 'member_rewards.privacy.set_consent', { purpose: 'marketing', granted: 1 }, 'POST');
  await preview.click();
  await expect.poll(counts).toEqual({ members: before.members + 1, leftOut: before.leftOut - 1 });
  await member.page.context().close();

  await page.getByRole('button', { name: 'EN' }).click();
  const left = before.leftOut - 1;
  await expect(leftOut).toContainText(`Left out: no marketing consent, ${left} ${left === 1 ? 'member' : 'members'}`);
  await page.getByTestId('broadcast-preview').screenshot({ path: `${SHOTS}/broadcast-preview-en-1280x800.png`, animations: 'disabled' });
});

test('a Branch Manager opening a member never active at their branch sees the name, tier and a masked phone, and why', async ({ browser }) => {
  const name = `ต่างสาขา ${Date.now() % 100000}`;
  const member = await newMember(browser, name);
  await member.page.context().close();
  const page = await signedInAs(browser, ACCOUNTS.branch);
  await page.goto(`/admin/members/${member.customer}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('member-limited')).toContainText('ไม่เคยสะสม แลก หรือรับของรางวัลที่สาขาของคุณ');
  await expect(page.getByTestId('member-phone')).toHaveText(`${member.phone.slice(0, 2)}x-xxx-${member.phone.slice(-4)}`);
  const text = await page.locator('body').innerText();
  expect(text).not.toContain(member.phone);
  if (member.email) expect(text).not.toContain(member.email);
  // Nothing that needs the member's personal data: no balance, history, orders, devices or actions.
  await expect(page.getByTestId('member-balance')).toHaveCount(0);
  await expect(page.getByText('ประวัติคะแนน')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'ปรับคะแนน' })).toHaveCount(0);
  await expect(page.getByTestId('member-consents')).toHaveCount(0);
  // The search says whom a Branch Manager finds.
  await page.goto('/admin/members');
  await expect(page.getByTestId('members-scope')).toHaveText('แสดงเฉพาะสมาชิกที่เคยสะสม แลก หรือรับของรางวัลที่สาขาของคุณ');

  await lookAt(browser, ACCOUNTS.branch, `/admin/members/${member.customer}`, 'member-limited', (p) => p.getByTestId('member-limited'));
});

test('a Loyalty Manager sees a member’s consents and records their yes to offers on their behalf', async ({ browser }) => {
  const member = await newMember(browser, `ยินยอม ${Date.now() % 100000}`);
  await member.page.context().close();
  const page = await signedInAs(browser, ACCOUNTS.loyalty);
  await page.goto(`/admin/members/${member.customer}`);
  await expect(page.getByTestId('member-marketing')).toHaveText('ยังไม่เคยถาม จึงไม่ส่งข้อเสนอ');
  await page.getByRole('button', { name: 'บันทึกความยินยอมรับข่าวสาร' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'ยินยอมรับข่าวสารและข้อเสนอ', exact: true }).check();
  await page.screenshot({ path: `${SHOTS}/marketing-dialog-th-1280x800.png`, animations: 'disabled' });
  await dialog.getByRole('button', { name: 'บันทึก' }).click();
  await expect(toast(page, 'บันทึกความยินยอมแล้ว')).toBeVisible();
  await expect(page.getByTestId('member-marketing')).toHaveText(`ยินยอมเมื่อ ${thaiDay(0)}`);
  await expect(page.getByRole('link', { name: 'ดาวน์โหลดข้อมูลของสมาชิก' })).toHaveAttribute('href', new RegExp(`export_member_data\\?customer=${member.customer}`));
  await lookAt(browser, ACCOUNTS.loyalty, `/admin/members/${member.customer}`, 'member-consents', (p) => p.getByTestId('member-consents'));
});
