import { request, type Browser, type Locator } from '@playwright/test';
import { memberCodeAt, stepAt, type MemberCodeDevice } from '../contracts/member-code';
import { formatRewardCode } from '../contracts/reward-code';
import { BASE_URL, STAFF_EMAIL, STAFF_PASSWORD } from './support/env';
import { appErrors, expect, test, type ConsoleEntry } from './support/fixtures';
import { memberCall, newVerifiedMember } from './support/member';
import { screenshot } from './support/screenshot';

/**
 * The till as the counter sees it, on a phone and on a tablet either way up, in Thai and English: the code field's
 * example fits, an empty amount promises nothing, a receipt over the member's daily cap is refused with what it would
 * give and what is still possible, and the branch log names a refused hand-over's reward code by its last four
 * characters only.
 */
const SIZES = [
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
  { width: 1024, height: 768 },
];
const BRANCH_B = 'สาขาเชียงใหม่';

const TEXT = {
  th: {
    code: 'พิมพ์รหัส หรือสแกนด้วยเครื่องสแกนมือถือ',
    amount: 'ยอดซื้อ (บาท)',
    receipt: 'เลขที่ใบเสร็จ',
    award: 'ให้คะแนน',
    prompt: 'กรอกยอดซื้อเพื่อดูคะแนนที่จะได้รับ',
    earns: (points: string) => `จะได้รับ ${points} คะแนน (ทุก 25 บาท ได้ 1 คะแนน)`,
    cap: (points: string, remaining: string, cap: string) => `ใบเสร็จนี้จะให้ ${points} คะแนน แต่วันนี้ให้สมาชิกคนนี้ได้อีกเพียง ${remaining} จาก ${cap} คะแนน`,
    log: 'รายการล่าสุดของสาขา',
    handOverRefused: (target: string) => `ไม่ได้ส่งมอบ ${target}`,
    overCap: 'เหตุผล: เกินคะแนนสูงสุดต่อวันของสมาชิก',
    locale: 'th-TH',
  },
  en: {
    code: 'Type the code, or use a handheld scanner',
    amount: 'Amount (baht)',
    receipt: 'Receipt number',
    award: 'Award points',
    prompt: 'Enter the amount to see the points it earns',
    earns: (points: string) => `Earns ${points} points (1 point per 25 baht)`,
    cap: (points: string, remaining: string, cap: string) =>
      `This receipt would give ${points} points; only ${remaining} of today's ${cap} can still be given to this member.`,
    log: 'Latest at this branch',
    handOverRefused: (target: string) => `Hand-over refused (${target})`,
    overCap: "Reason: over the member's daily points limit",
    locale: 'en-GB',
  },
} as const;

interface Setup {
  device: MemberCodeDevice;
  /** The step of the member code the setup's award used: the till scans later ones. */
  usedStep: number;
  awardedToday: number;
  cap: number;
  /** A reward for branch B that branch A's till was refused. */
  rewardCode: string;
  staffState: Awaited<ReturnType<import('@playwright/test').APIRequestContext['storageState']>>;
}

let setup: Setup;

/** Whether the placeholder, drawn as the field draws its text, is wider than the field's text box. */
async function placeholderClipped(field: Locator): Promise<{ placeholder: string; clipped: boolean }> {
  return field.evaluate((input: HTMLInputElement) => {
    const placeholder = input.placeholder;
    // The field's own layout measures the text: as its value, then put back (no input event reaches the app).
    input.value = placeholder;
    const clipped = input.scrollWidth > input.clientWidth;
    input.value = '';
    return { placeholder, clipped };
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  // A new member, a staff award of 12 points today, and a reward the member redeemed for branch B.
  const memberCtx = await browser.newContext({ baseURL: BASE_URL });
  const member = await memberCtx.newPage();
  await newVerifiedMember(member, `ลูกค้าหน้าร้าน${Date.now().toString(36)}`);
  const device = await memberCall<MemberCodeDevice>(member, 'member_rewards.member_code.register_device', {}, 'POST');

  const staff = await request.newContext({ baseURL: BASE_URL });
  const login = await staff.post('/api/method/login', { data: { usr: STAFF_EMAIL, pwd: STAFF_PASSWORD } });
  expect(login.ok()).toBe(true);
  const headers = { 'X-Frappe-CSRF-Token': ((await login.json()) as { csrf_token: string }).csrf_token };
  const now = Date.now();
  const resolved = await staff.post('/api/method/member_rewards.staff.resolve_code', { headers, data: { code: await memberCodeAt(device, now) } });
  expect(resolved.status(), await resolved.text()).toBe(200);
  const card = (await resolved.json()).message;
  // A new member is Silver (× 1) at 25 baht a point, with no campaign today: 300 baht earn 12 points.
  expect(card.member.earn).toMatchObject({ baht_per_point: 25, multiplier: 1, campaign: null });
  const awarded = await staff.post('/api/method/member_rewards.staff.award_points', {
    headers,
    data: { scan_token: card.scan_token, amount: 300, receipt_no: `TILL-${now.toString(36).toUpperCase()}` },
  });
  expect(awarded.status(), await awarded.text()).toBe(200);
  const award = (await awarded.json()).message as { points: number; awarded_today: number; daily_cap: number };
  expect(award.points).toBe(12);

  const order = await memberCall<{ reward_code: string }>(
    member,
    'headless_e_commerce.api.place_order',
    { loyalty_points: 15, items: [{ item_code: 'GIFT-TOTE', qty: 1 }], payment_method: 'bank-transfer', branch: BRANCH_B, order_type: 'redemption' },
    'POST',
  );
  expect(order.reward_code).toMatch(/^[0-9A-Z]{16}$/);
  const refused = await staff.post('/api/method/member_rewards.staff.confirm_reward', { headers, data: { code: order.reward_code } });
  expect(refused.status()).toBe(403);

  setup = {
    device,
    usedStep: stepAt(now, device.step),
    awardedToday: award.awarded_today,
    cap: award.daily_cap,
    rewardCode: order.reward_code,
    staffState: await staff.storageState(),
  };
  await staff.dispose();
  await memberCtx.close();
});

async function till(browser: Browser, size: { width: number; height: number }, lang: 'th' | 'en') {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: size,
    deviceScaleFactor: 2,
    isMobile: size.width < 500,
    hasTouch: true,
    storageState: setup.staffState,
  });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  const consoleErrors: ConsoleEntry[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push({ type: 'console', text: m.text(), url: m.location().url });
  });
  page.on('pageerror', (e) => consoleErrors.push({ type: 'pageerror', text: e.message }));
  return { context, page, consoleErrors };
}

for (const size of SIZES) {
  test(`at ${size.width}x${size.height}: the code field, the preview, the cap refusal and the branch log, in Thai and English`, async ({ browser }) => {
    for (const lang of ['th', 'en'] as const) {
      const text = TEXT[lang];
      const name = `till-${size.width}x${size.height}-${lang}`;
      const { context, page, consoleErrors } = await till(browser, size, lang);
      await page.goto('/staff');
      const field = page.getByLabel(text.code);
      await expect(field).toBeVisible();
      const example = await placeholderClipped(field);
      expect(example.placeholder).not.toBe('');
      expect(example.clipped, `"${example.placeholder}" fits its field`).toBe(false);

      // A code of a later step than the award's (the refusal below leaves it unused, so each pass may scan again).
      await field.fill(await memberCodeAt(setup.device, Math.max(Date.now(), (setup.usedStep + 1) * setup.device.step * 1000)));
      await field.press('Enter');
      const card = page.getByTestId('staff-result-member');
      await expect(card.getByLabel(text.amount)).toBeVisible();
      // No amount yet: the staff member is asked for one, and no figure is promised.
      await expect(card.getByTestId('earn-prompt')).toHaveText(text.prompt);
      await expect(card.getByTestId('earn-preview')).toHaveCount(0);
      await screenshot(page, `${name}-no-amount`);

      const n = (x: number) => x.toLocaleString(text.locale);
      await card.getByLabel(text.amount).fill('15000');
      await expect(card.getByTestId('earn-preview')).toHaveText(text.earns(n(600)));
      await expect(card.getByTestId('earn-prompt')).toHaveCount(0);
      await card.getByLabel(text.receipt).fill(`CAP-${Date.now().toString(36).toUpperCase()}`);
      await screenshot(page, `${name}-preview`, { fullPage: true });

      await card.getByRole('button', { name: text.award, exact: true }).click();
      await expect(card.getByRole('alert')).toHaveText(text.cap(n(600), n(setup.cap - setup.awardedToday), n(setup.cap)));
      await card.getByRole('alert').scrollIntoViewIfNeeded();
      await screenshot(page, `${name}-cap-refusal`);

      // The log says why the award was refused, and names the refused hand-over by the code's last four
      // characters: the whole code reaches no page.
      const log = page.getByRole('list', { name: text.log });
      await expect(log.getByRole('listitem').first()).toContainText(text.overCap);
      const handOver = log.getByText(text.handOverRefused(`••••${setup.rewardCode.slice(-4)}`)).first();
      await expect(handOver).toBeVisible();
      const html = (await page.content()).toUpperCase();
      expect(html).not.toContain(setup.rewardCode);
      expect(html).not.toContain(formatRewardCode(setup.rewardCode));
      await handOver.scrollIntoViewIfNeeded();
      await screenshot(page, `${name}-log`);

      expect(appErrors(consoleErrors)).toEqual([]);
      await context.close();
    }
  });
}
