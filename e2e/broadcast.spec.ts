import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env';
import { expect, test } from './support/fixtures';
import { memberCall, newVerifiedMember, staffAward } from './support/member';
import { screenshot } from './support/screenshot';

async function signInAt(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('ชื่อผู้ใช้หรืออีเมล').fill(ADMIN_EMAIL);
  await page.getByLabel('รหัสผ่าน').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
}

test('a manager previews a broadcast to a segment, sends it once, and the member gets it on LINE', async ({ page, browser }) => {
  // A LINE member of our own, active (points earned at a till), who turned quiet hours off: 21:00–08:00 Bangkok
  // would otherwise hold the message until morning, and the test would depend on the hour it runs at.
  const memberContext = await browser.newContext({ baseURL: BASE_URL });
  const member = await memberContext.newPage();
  await newVerifiedMember(member, `บรอดแคสต์ ${Date.now() % 100000}`);
  await memberCall(member, 'member_rewards.notifications.update_settings', { quiet_hours: false }, 'POST');
  // A campaign reaches only members who said yes to offers: this one does.
  await memberCall(member, 'member_rewards.privacy.set_consent', { purpose: 'marketing', granted: 1 }, 'POST');
  await staffAward(member, 100);

  await signInAt(page, '/admin/broadcasts');
  await expect(page.getByRole('heading', { level: 1, name: 'ส่งข่าวสารถึงสมาชิก' })).toBeVisible();

  // Nothing is asked of the server before the message is complete: the fields say what is missing.
  await page.getByRole('button', { name: 'ดูตัวอย่างและจำนวนผู้รับ' }).click();
  await expect(page.getByText('กรุณากรอกข้อมูลนี้')).toHaveCount(4);

  const stamp = Date.now().toString(36);
  await page.getByLabel('หัวข้อ (ภาษาไทย)').fill(`คะแนนสองเท่า ${stamp}`);
  await page.getByLabel('หัวข้อ (ภาษาอังกฤษ)').fill(`Double points ${stamp}`);
  await page.getByLabel('ข้อความ (ภาษาไทย)').fill('สุดสัปดาห์นี้รับคะแนนสองเท่าทุกสาขา');
  await page.getByLabel('ข้อความ (ภาษาอังกฤษ)').fill('Double points at every branch this weekend');
  await page.getByLabel('ลิงก์เมื่อแตะการแจ้งเตือน').fill('https://evil.example/');
  await page.getByRole('button', { name: 'ดูตัวอย่างและจำนวนผู้รับ' }).click();
  await expect(page.getByText('ลิงก์ต้องเป็นหน้าในแอป ขึ้นต้นด้วย /')).toBeVisible();
  await page.getByLabel('ลิงก์เมื่อแตะการแจ้งเตือน').fill('/reward-history');

  // Members active in the last year: our member (LINE) is among them.
  await page.getByText('มีการใช้งานภายใน', { exact: true }).click();
  await page.getByLabel('จำนวนวัน').fill('365');
  await page.getByRole('button', { name: 'ดูตัวอย่างและจำนวนผู้รับ' }).click();
  const reach = page.getByTestId('broadcast-reach');
  await expect(reach).toContainText('สมาชิกในกลุ่ม');
  const [, members, reachable, , line] = (await reach.textContent())!.match(/(\d+) คน · ส่งถึงได้ (\d+) คน \(Web Push (\d+) · LINE (\d+)\)/)!.map(Number);
  expect(members).toBeGreaterThan(0);
  expect(line).toBeGreaterThan(0);
  await expect(page.getByTestId('broadcast-preview').getByText(`คะแนนสองเท่า ${stamp}`)).toBeVisible();
  await screenshot(page, 'admin-broadcast-preview-390', { fullPage: true });

  // A changed message needs a new preview before it can be sent.
  await page.getByLabel('ข้อความ (ภาษาอังกฤษ)').fill('Double points at every branch this weekend!');
  await expect(page.getByText('ข้อความหรือกลุ่มผู้รับเปลี่ยนไปแล้ว กดดูตัวอย่างอีกครั้งก่อนส่ง')).toBeVisible();
  await expect(page.getByRole('button', { name: `ส่งถึง ${reachable} คน` })).toBeDisabled();
  await page.getByRole('button', { name: 'ดูตัวอย่างและจำนวนผู้รับ' }).click();

  await page.getByRole('button', { name: `ส่งถึง ${reachable} คน` }).click();
  const confirm = page.getByRole('dialog', { name: 'ยืนยันการส่ง' });
  await expect(confirm).toContainText(`${reachable} คน`);
  await confirm.getByRole('button', { name: 'ส่งเลย' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'ส่งบรอดแคสต์แล้ว' })).toContainText(`${reachable} รายการ`);
  await expect(page.getByTestId('broadcast-history').getByRole('row').nth(1)).toContainText(`คะแนนสองเท่า ${stamp}`);
  await screenshot(page, 'admin-broadcast-sent-390', { fullPage: true });

  // The delivery job sends it on LINE (the development outbox), with the link into the app inside LINE.
  await expect
    .poll(async () => {
      const sent = await memberCall<Array<{ text: string }>>(page, 'member_rewards.dev.line_outbox', { limit: '100' });
      return sent.some((m) => m.text.includes(`คะแนนสองเท่า ${stamp}`) && m.text.includes('/liff/reward-history'));
    }, { timeout: 30_000 })
    .toBe(true);
  await memberContext.close();
});
