import type { Browser, Page } from '@playwright/test';
import { today } from '../contracts/business-day';
import { appErrors, expect, test } from './support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env';
import { adminApi, newVerifiedMember, redeemTote, staffAward } from './support/member';

/**
 * The programme's rules, the life of a reward and the dashboard, with a new member of its own (a sign-up bonus of
 * 20 points, Silver): a double-points campaign added on the rules screen doubles the till's award; a tier threshold
 * lowered there moves the member up; the member cancels an unused reward and has the points back; the dashboard
 * shows what the server's reports answer. The rules are put back afterwards for the specs that follow.
 */
const ADMIN_VIEWPORT = { width: 1280, height: 800 };
const SHOTS = process.env.I17U_SHOTS;

async function adminPage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: ADMIN_VIEWPORT, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(path);
  await page.getByLabel('ชื่อผู้ใช้หรืออีเมล').fill(ADMIN_EMAIL);
  await page.getByLabel('รหัสผ่าน').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  return page;
}

/** Saves the rules form and waits for the server's new version (an earlier save's toast may still be showing). */
async function saveRules(page: Page) {
  const before = (await page.getByTestId('rules-version').textContent()) ?? '';
  await page.getByTestId('save-rules').click();
  await expect(page.getByTestId('rules-version')).not.toHaveText(before);
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'บันทึกกฎแล้ว' }).first()).toBeVisible();
}
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test.afterAll(async () => {
  // The following specs expect the seeded programme: no campaign, Platinum from 100 points.
  const { api, csrf } = await adminApi();
  const res = await api.post('/api/method/member_rewards.programme.get_rules', { headers: { 'X-Frappe-CSRF-Token': csrf }, data: {} });
  const { current } = ((await res.json()) as { message: { current: { rules: { tiers: { name: string; threshold: number }[] } } } }).message;
  const tiers = current.rules.tiers.map((t) => (t.name === 'Platinum' ? { ...t, threshold: 100 } : t));
  await api.post('/api/method/member_rewards.programme.update_rules', { headers: { 'X-Frappe-CSRF-Token': csrf }, data: { rules: { campaigns: [], tiers }, note: 'e2e: back to the seed' } });
  await api.dispose();
});

test('campaign, tier threshold, a cancelled reward and the dashboard, end to end', async ({ page, browser, consoleErrors }) => {
  await newVerifiedMember(page, `โปรแกรม ${Date.now() % 100000}`);
  const admin = await adminPage(browser, '/admin/rules');
  await expect(admin.getByRole('heading', { name: 'กฎของโปรแกรมสะสมคะแนน' })).toBeVisible();

  await test.step('a double-points campaign makes the staff award give double', async () => {
    await admin.getByRole('button', { name: 'เพิ่มแคมเปญ' }).click();
    const campaign = admin.getByTestId('campaign').last();
    await campaign.getByLabel('ชื่อแคมเปญ').fill('ดับเบิลพอยต์');
    await expect(campaign.getByLabel('ตัวคูณคะแนน')).toHaveValue('2');
    await saveRules(admin);
    // The simulator answers with the rule that applied.
    await admin.getByLabel('ยอดใบเสร็จ (บาท)').fill('500');
    await admin.getByRole('button', { name: 'คำนวณ' }).click();
    await expect(admin.getByTestId('simulator-sentence')).toContainText('ได้ 40 คะแนน สำหรับสมาชิก Silver');
    await expect(admin.getByTestId('simulator-campaign')).toHaveText('แคมเปญ ดับเบิลพอยต์ ×2');
    await shot(admin, 'admin-rules-th');
    // 500 baht at 25 baht a point is 20 points; a Silver member earns them at ×1; the campaign doubles them.
    expect((await staffAward(page, 500)).points).toBe(40);
  });

  await test.step('a manager lowers a tier threshold and the member’s tier and progress follow', async () => {
    await page.goto('/');
    await expect(page.getByTestId('tier-name')).toHaveText('สมาชิก Gold');
    await expect(page.getByTestId('tier-progress')).toHaveText('อีก 40 คะแนน เป็น Platinum');

    await admin.getByTestId('tier-row').filter({ has: admin.locator('input[value="Platinum"]') }).getByLabel('คะแนนขั้นต่ำ').fill('60');
    await saveRules(admin);
    await expect(admin.getByTestId('tier-row')).toHaveCount(3);
    // The home paints the points it read less than 30 s ago from the device, then what the server says now.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('tier-name')).toHaveText('สมาชิก Platinum', { timeout: 2_000 });
    }).toPass({ intervals: [3_000], timeout: 50_000 });
    await expect(page.getByTestId('tier-progress')).toHaveText('คุณอยู่ในระดับสูงสุดแล้ว');
  });

  await test.step('the member cancels an unused reward and sees the points back', async () => {
    const order = await redeemTote(page);
    await page.goto(`/my-order/${order.name}`);
    await page.getByTestId('cancel-reward').click();
    const dialog = page.getByRole('dialog', { name: 'ยกเลิกการแลกของรางวัลนี้?' });
    await expect(dialog).toContainText('คะแนน 15 คะแนนจะคืนเข้าบัญชีของคุณ');
    await shot(page, 'member-cancel-dialog-th');
    await dialog.getByRole('button', { name: 'ยืนยันยกเลิก' }).click();
    await expect(page.getByText('คืน 15 คะแนนเข้าบัญชีของคุณแล้ว')).toBeVisible();
    await expect(page.getByTestId('order-cancelled')).toBeVisible();
    await expect(page.getByTestId('cancel-reward')).toHaveCount(0);
    // Opened afresh, the history paints what the device read less than 30 s ago, then the server's rows.
    await page.goto('/reward-history');
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('points-received').filter({ hasText: 'คืนคะแนนจากการยกเลิกของรางวัล' })).toContainText('+15 คะแนน', { timeout: 2_000 });
    }).toPass({ intervals: [3_000], timeout: 50_000 });
    await expect(page.getByTestId('history-balance')).toHaveText('60 คะแนน');
    // Both batches keep their expiry: the schedule still lists them.
    await expect(page.getByTestId('expiry-batch')).toHaveCount(2);
    await shot(page, 'member-history-th');
  });

  await test.step('the dashboard shows the figures of the seeded programme', async () => {
    await admin.goto('/admin/dashboard');
    const { api, csrf } = await adminApi();
    // The range the dashboard asked for, as its figures' CSV links carry it.
    const from = new URL((await admin.getByTestId('csv-summary').getAttribute('href')) ?? '', 'http://x').searchParams.get('from_date');
    const res = await api.get(`/api/method/member_rewards.reports.dashboard?from_date=${from}&to_date=${today()}`, { headers: { 'X-Frappe-CSRF-Token': csrf } });
    const d = ((await res.json()) as { message: { members: { total: number }; points: { issued: number; outstanding: number }; top_rewards: { item_name: string }[] } }).message;
    await api.dispose();
    const stat = (id: string) => admin.getByTestId(`stat-${id}`).getByTestId('stat-value');
    await expect(stat('members-total')).toHaveText(d.members.total.toLocaleString('th-TH'));
    await expect(stat('issued')).toHaveText(d.points.issued.toLocaleString('th-TH'));
    await expect(stat('outstanding')).toHaveText(d.points.outstanding.toLocaleString('th-TH'));
    expect(d.points.issued).toBeGreaterThanOrEqual(60);
    if (d.top_rewards[0]) await expect(admin.getByTestId('top-rewards')).toContainText(d.top_rewards[0].item_name);
    await expect(admin.locator('.recharts-surface').first()).toBeVisible();
    // Each figure downloads as the server's CSV of the same range.
    const csv = await admin.request.get(await admin.getByTestId('csv-tier_distribution').getAttribute('href') ?? '');
    expect((await csv.text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('tier,members');
    await shot(admin, 'admin-dashboard-th');
  });

  expect(appErrors(consoleErrors)).toEqual([]);
});
