import { readFile } from 'node:fs/promises';
import { BASE_URL, VIEWPORT } from './support/env';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { appErrors, expect, test } from './support/fixtures';
import { adminApi, memberCall, newVerifiedMember, signInNewLineMember, staffAward, verifyNewPhone } from './support/member';
import { screenshot } from './support/screenshot';

/*
 * The member's personal data (Thailand's PDPA) from the app: the privacy notice agreed to on record with its version,
 * asked again when a newer one is published; offers asked once and switched on /my-account; a copy of the data; and
 * deleting the account with a code sent by SMS, which signs the member out on every device.
 */

type Bilingual = { th: string; en: string };
interface Notice {
  version: number;
  title: Bilingual;
  intro: Bilingual;
  sections: { title: Bilingual; body: Bilingual }[];
}
interface Consents {
  current_notice_version: number;
  consents: { privacy_notice: { granted: 0 | 1; version: number | null } | null; marketing: { granted: 0 | 1 } | null };
}

const consentsOf = (page: Page) => memberCall<Consents>(page, 'member_rewards.privacy.get_consents');

async function currentNotice(page: Page): Promise<Notice> {
  const res = await page.request.get('/api/method/member_rewards.privacy.get_notice');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { message: Notice }).message;
}

async function adminPost<T>(api: APIRequestContext, csrf: string, method: string, data: Record<string, unknown>): Promise<T> {
  const res = await api.post(`/api/method/${method}`, { headers: { 'X-Frappe-CSRF-Token': csrf }, data });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { message: T }).message;
}

/** A tap on a switch (its input is visually hidden under the track the member sees). */
async function tap(toggle: Locator) {
  await toggle.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await toggle.click({ force: true });
}

async function setLang(page: Page, lang: 'th' | 'en') {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
}

/** The latest code sent to `phone` whose text matches `kind` (the development SMS outbox, newest first). */
async function smsCode(page: Page, phone: string, kind: RegExp, not = ''): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/method/member_rewards.dev.sms_outbox?phone=${phone}`);
      const rows = ((await res.json()) as { message: { body: string }[] }).message.filter((r) => kind.test(r.body));
      code = rows[0]?.body.match(/\b(\d{6})\b/)?.[1];
      return code && code !== not ? code : undefined;
    }, { message: `a code sent to ${phone}` })
    .toBeTruthy();
  return code!;
}

async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: /^(รหัส OTP 6 หลัก|6-digit code) 1$/ }).click();
  await page.keyboard.type(code);
}

test.describe('privacy', () => {
  test('the notice agreed to at sign-in is on record with its version; a newer one is asked before any screen', async ({ page, consoleErrors }) => {
    test.setTimeout(6 * 60_000);
    const shown = await currentNotice(page);

    // Sign-in through the LINE button: the modal shows the published notice, and the sign-in carries its version.
    await page.goto('/login');
    await page.getByRole('button', { name: 'เข้าสู่ระบบด้วย LINE' }).click();
    const modal = page.getByRole('dialog', { name: shown.title.th });
    await expect(modal.getByRole('heading', { name: shown.sections[0]!.title.th })).toBeVisible();
    await modal.getByRole('checkbox').check();
    await screenshot(page, 'privacy-01-signin-notice-th');
    const authorize = page.waitForRequest((r) => r.url().includes('get_oauth2_authorize_url') && r.url().includes(`privacy_version=${shown.version}`));
    await modal.getByRole('button', { name: 'ดำเนินการต่อ' }).click();
    await authorize;
    await page.waitForURL(/\/api\/dev\/line\/authorize/);
    await page.getByLabel(/ชื่อที่แสดงใน LINE/).fill(`ความยินยอม ${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'ดำเนินการต่อ' }).click();
    await page.waitForURL(/\/phonverify/);
    await verifyNewPhone(page);

    const before = await consentsOf(page);
    expect(before.consents.privacy_notice).toMatchObject({ granted: 1, version: shown.version });
    expect(before.current_notice_version).toBe(shown.version);
    // Offers were never asked: not given.
    expect(before.consents.marketing).toBeNull();

    // A manager publishes a new version (the same headings, a revised section).
    const { api, csrf } = await adminApi();
    const published = await adminPost<Notice>(api, csrf, 'member_rewards.privacy.publish_notice', {
      title: shown.title,
      intro: shown.intro,
      sections: shown.sections.map((s, i) =>
        i === shown.sections.length - 1 ? { title: s.title, body: { th: `${s.body.th} (ปรับปรุง ${Date.now()})`, en: `${s.body.en} (revised ${Date.now()})` } } : s,
      ),
    });
    await api.dispose();
    expect(published.version).toBe(shown.version + 1);

    // A cold open is not painted by the server behind the notice (it would be an empty page): the app's frame comes.
    const cold = await (await page.request.get('/my-account', { headers: { accept: 'text/html' } })).text();
    expect(cold).not.toContain('id="server-state"');

    // The next open of any member screen asks first, and no member screen is shown until the member agrees.
    await page.goto('/my-account');
    const renew = page.getByRole('dialog', { name: 'เราปรับปรุงนโยบายคุ้มครองข้อมูลส่วนบุคคล' });
    await expect(renew).toBeVisible();
    await expect(renew.getByText(`(ปรับปรุง`)).toBeVisible();
    await expect(page.getByText('ภาษา', { exact: true })).toBeHidden();
    await expect(renew.getByRole('button', { name: 'ปิด' })).toHaveCount(0);
    await expect(renew.getByRole('button', { name: 'ยอมรับและใช้งานต่อ' })).toBeDisabled();
    await screenshot(page, 'privacy-02-renew-th');
    await page.keyboard.press('Escape');
    await expect(renew).toBeVisible();
    await page.goto('/my-id');
    await expect(renew).toBeVisible();
    await expect(page.getByTestId('member-code')).toBeHidden();

    await setLang(page, 'en');
    const renewEn = page.getByRole('dialog', { name: 'We have updated our privacy notice' });
    await expect(renewEn).toBeVisible();
    await expect(renewEn.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await screenshot(page, 'privacy-03-renew-en');
    await renewEn.getByRole('checkbox').check();
    await renewEn.getByRole('button', { name: 'Agree and continue' }).click();
    await expect(renewEn).toBeHidden();
    expect((await consentsOf(page)).consents.privacy_notice).toMatchObject({ granted: 1, version: published.version });
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('offers: asked once on the home, off until given, one tap on and off on /my-account', async ({ page, consoleErrors }) => {
    test.setTimeout(6 * 60_000);
    await newVerifiedMember(page, `ข้อเสนอ ${Date.now().toString(36)}`);
    await page.goto('/');
    const ask = page.getByTestId('marketing-ask');
    await expect(ask.getByRole('heading', { name: 'ให้เราส่งข้อเสนอพิเศษถึงคุณไหม?' })).toBeVisible();
    await screenshot(page, 'privacy-04-offers-ask-th');
    await setLang(page, 'en');
    await expect(ask.getByRole('heading', { name: 'May we send you offers?' })).toBeVisible();
    await screenshot(page, 'privacy-05-offers-ask-en');
    await ask.getByRole('button', { name: 'No thanks' }).click();
    await expect(ask).toBeHidden();
    expect((await consentsOf(page)).consents.marketing).toMatchObject({ granted: 0 });
    // Never asked again.
    await page.reload();
    await expect(page.getByRole('link', { name: 'See all' })).toBeVisible();
    await expect(ask).toBeHidden();

    await page.goto('/my-account');
    const offers = page.getByRole('switch', { name: 'Offers and promotions' });
    await expect(offers).not.toBeChecked();
    await offers.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'privacy-06-account-en');
    await tap(offers);
    await expect(offers).toBeChecked();
    await expect.poll(async () => (await consentsOf(page)).consents.marketing?.granted).toBe(1);
    await tap(offers);
    await expect(offers).not.toBeChecked();
    await expect.poll(async () => (await consentsOf(page)).consents.marketing?.granted).toBe(0);
    await setLang(page, 'th');
    const offersTh = page.getByRole('switch', { name: 'รับข้อเสนอและโปรโมชัน' });
    await expect(offersTh).not.toBeChecked();
    await tap(offersTh);
    await expect(offersTh).toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'รับข้อเสนอและโปรโมชัน' })).toBeChecked();
    await page.getByTestId('privacy-settings').scrollIntoViewIfNeeded();
    await screenshot(page, 'privacy-07-account-th');
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('download my data: a JSON file holding the member’s ledger and addresses', async ({ page, consoleErrors }) => {
    test.setTimeout(6 * 60_000);
    await newVerifiedMember(page, `สำเนาข้อมูล ${Date.now().toString(36)}`);
    const address = await memberCall<{ name: string }>(page, 'headless_e_commerce.api.add_address', {
      address_title: 'บ้าน', first_name: 'สมใจ', last_name: 'ใจดี', address_line1: '99/1 ถนนสุขุมวิท', city: 'Khlong Toei', state: 'Bangkok', country: 'Thailand', pincode: '10110', phone: '0812345678',
    }, 'POST');
    const award = await staffAward(page, 250);

    await page.goto('/my-account');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'ดาวน์โหลดข้อมูลของฉัน' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^member-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
      format: string;
      addresses: { name: string; address_line1: string }[];
      points: { loyalty_points: number }[];
    };
    expect(data.format).toBe('member-rewards.my-data.v1');
    expect(data.addresses.map((a) => [a.name, a.address_line1])).toEqual([[address.name, '99/1 ถนนสุขุมวิท']]);
    expect(data.points.map((p) => p.loyalty_points)).toContain(award.points);
    await expect(page.getByText(/^บันทึกไฟล์ member-data-/)).toBeVisible();
    await screenshot(page, 'privacy-08-downloaded-th');
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('delete my account with the code from the SMS: every device is signed out', async ({ page, browser, consoleErrors }) => {
    test.setTimeout(8 * 60_000);
    const name = `ลบบัญชี ${Date.now().toString(36)}`;
    const phone = await newVerifiedMember(page, name);
    // The same member on a second device (LINE gives the same account for the same choice on the development page).
    const other = await browser.newContext({ baseURL: BASE_URL, viewport: VIEWPORT });
    const second = await other.newPage();
    await signInNewLineMember(second, name);
    await second.goto('/my-account');
    await expect(second.getByRole('button', { name: 'ลบบัญชีของฉัน' })).toBeVisible();

    await page.goto('/my-account');
    await page.getByRole('button', { name: 'ลบบัญชีของฉัน' }).click();
    const dialog = page.getByRole('dialog', { name: 'ลบบัญชีสมาชิก' });
    await expect(dialog.getByText('คะแนนสะสมที่เหลืออยู่ทั้งหมดจะถูกยกเลิก')).toBeVisible();
    await screenshot(page, 'privacy-09-delete-explain-th');
    await dialog.getByRole('button', { name: 'ส่งรหัสยืนยันทาง SMS' }).click();
    await expect(dialog.getByText(/^ส่งรหัส 6 หลักไปที่ /)).toBeVisible();
    const code = await smsCode(page, phone, /ลบบัญชี|delete/i);
    const wrong = code === '000000' ? '111111' : '000000';
    await typeCode(page, wrong);
    await dialog.getByRole('button', { name: 'ลบบัญชีถาวร' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('รหัสยืนยันไม่ถูกต้องหรือหมดอายุแล้ว กรุณาขอรหัสใหม่');
    await screenshot(page, 'privacy-10-delete-code-wrong-th');

    await setLang(page, 'en');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialogEn = page.getByRole('dialog', { name: 'Delete your account' });
    await expect(dialogEn.getByText("Your orders and points history are kept without your name, for the brand's accounts.")).toBeVisible();
    await screenshot(page, 'privacy-11-delete-explain-en');
    await dialogEn.getByRole('button', { name: 'Send me a code by SMS' }).click();
    // A second code right after the first waits its turn: the refusal is said, or the code step comes.
    const codeStep = dialogEn.getByText(/^We sent a 6-digit code to /);
    await expect(codeStep.or(dialogEn.getByRole('alert'))).toBeVisible();
    if (!(await codeStep.isVisible())) {
      await expect(dialogEn.getByRole('alert')).toHaveText('Too many attempts. Please wait a moment and try again.');
      await screenshot(page, 'privacy-12-delete-code-too-soon-en');
      await expect(async () => {
        await dialogEn.getByRole('button', { name: 'Send me a code by SMS' }).click();
        await expect(codeStep).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 120_000, intervals: [10_000] });
    }
    const fresh = await smsCode(page, phone, /ลบบัญชี|delete/i, code);
    await screenshot(page, 'privacy-13-delete-code-en');
    await typeCode(page, fresh);
    await dialogEn.getByRole('button', { name: 'Delete my account for good' }).click();

    // Signed out on this device, told so on /login, nothing of the member left on it.
    await page.waitForURL(/\/login\?deleted=/);
    await expect(page.getByTestId('account-deleted')).toHaveText('Your account has been deleted. Thank you for having been a member.');
    await screenshot(page, 'privacy-14-deleted-en');
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(phone);
    await setLang(page, 'th');
    await expect(page.getByTestId('account-deleted')).toHaveText('ลบบัญชีของคุณเรียบร้อยแล้ว ขอบคุณที่เป็นสมาชิกกับเรา');
    await screenshot(page, 'privacy-15-deleted-th');

    // The other device is signed out at its next request.
    await second.reload();
    await second.waitForURL(/\/login/);
    const boot = await second.evaluate(async () => (await (await fetch('/api/method/member_rewards.api.boot')).json()) as { message: { user: string } });
    expect(boot.message.user).toBe('Guest');
    await other.close();
    expect(appErrors(consoleErrors)).toEqual([]);
  });
});
