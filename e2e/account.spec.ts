import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { appErrors, expect, test } from './support/fixtures';
import { adminApi, memberCall, newVerifiedMember, signInDemoMember, staffAward } from './support/member';
import { qrInk, themeColor } from './support/offline';
import { screenshot } from './support/screenshot';

// zxing-wasm's reader .wasm comes from node_modules, never from a CDN.
const require = createRequire(import.meta.url);
const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer } });

const field = (form: Locator, label: string | RegExp) => form.getByLabel(label, { exact: typeof label === 'string' });

async function expectErrors(form: Locator, messages: string[]) {
  for (const m of messages) await expect(form.getByText(m, { exact: true })).toBeVisible();
}

async function setLang(page: Page, lang: 'th' | 'en') {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
}

test.describe('addresses', () => {
  test('add with bad input shows every message, then save, edit and delete', async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    const before = await memberCall<unknown[]>(page, 'headless_e_commerce.api.get_addresses');

    await page.goto('/shipping-address');
    await expect(page.getByRole('heading', { level: 1, name: 'ที่อยู่ของฉัน' })).toBeVisible();
    await page.getByRole('link', { name: /เพิ่มที่อยู่ใหม่/ }).click();
    await expect(page).toHaveURL(/\/shipping-address\/add$/);

    // Bad input, in English first: the original messages word for word.
    await setLang(page, 'en');
    const form = page.locator('form');
    await field(form, /^Country/).selectOption('');
    await field(form, /^Postal code/).fill('10a00');
    await field(form, /^Phone/).fill('12ab');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expectErrors(form, [
      "Please enter the receiver's name",
      "Please enter the receiver's surname",
      'Please provide a street name',
      'City is required',
      'Country is required',
      'Pincode must be a number',
      'This phone number is invalid',
    ]);
    await screenshot(page, 'address-add-errors-en', { fullPage: true });

    // The same in Thai (the default language).
    await setLang(page, 'th');
    await field(form, /^ประเทศ/).selectOption('');
    await field(form, /^รหัสไปรษณีย์/).fill('abc');
    await form.getByRole('button', { name: 'บันทึกที่อยู่' }).click();
    await expectErrors(form, [
      'กรุณาระบุชื่อผู้รับ',
      'กรุณาระบุที่อยู่ (บ้านเลขที่ ถนน)',
      'กรุณาเลือกเขต / อำเภอ',
      'กรุณาเลือกประเทศ',
      'รหัสไปรษณีย์ต้องเป็นตัวเลข',
    ]);
    await screenshot(page, 'address-add-errors-th', { fullPage: true });

    // Fix it: province → district lists, then save.
    await field(form, /^ชื่อผู้รับ/).fill('สมชาย');
    await field(form, /^นามสกุล/).fill('ทดสอบ');
    await field(form, /^ที่อยู่ \*/).fill('99/1 ถนนสีลม');
    await field(form, /^ประเทศ/).selectOption('Thailand');
    await expect(field(form, /^เขต \/ อำเภอ/)).toBeDisabled();
    await field(form, /^จังหวัด/).selectOption('Bangkok');
    await field(form, /^เขต \/ อำเภอ/).selectOption('Bang Rak');
    await field(form, /^รหัสไปรษณีย์/).fill('10500');
    await field(form, /^เบอร์โทรศัพท์/).fill('0812345678');
    await form.getByLabel(/ที่อยู่หลักสำหรับออกใบเสร็จ/).check();
    await screenshot(page, 'address-add-filled', { fullPage: true });
    await form.getByRole('button', { name: 'บันทึกที่อยู่' }).click();

    const success = page.getByRole('dialog', { name: 'บันทึกที่อยู่เรียบร้อย' });
    await expect(success).toBeVisible();
    await screenshot(page, 'address-add-success');
    await success.getByRole('link', { name: 'กลับไปที่อยู่ของฉัน' }).click();
    await expect(page).toHaveURL(/\/shipping-address$/);

    const card = page.getByRole('listitem').filter({ hasText: 'สมชาย ทดสอบ' });
    await expect(card).toBeVisible();
    await expect(card.getByText('99/1 ถนนสีลม')).toBeVisible();
    await expect(card.getByText('บางรัก กรุงเทพมหานคร 10500')).toBeVisible();
    await expect(card.getByText('Billing', { exact: true })).toBeVisible();
    await screenshot(page, 'address-list');
    const saved = await memberCall<{ name: string; is_primary_address: number }[]>(page, 'headless_e_commerce.api.get_addresses');
    expect(saved.length).toBe(before.length + 1);

    // Edit.
    await card.getByRole('link', { name: /แก้ไขที่อยู่ของ สมชาย ทดสอบ/ }).click();
    await expect(page).toHaveURL(/\/shipping-address\/edit\?name=/);
    const edit = page.locator('form');
    await expect(field(edit, /^ที่อยู่ \*/)).toHaveValue('99/1 ถนนสีลม');
    await expect(field(edit, /^เขต \/ อำเภอ/)).toHaveValue('Bang Rak');
    await field(edit, /^ที่อยู่ \*/).fill('123 ถนนพหลโยธิน');
    await field(edit, /^จังหวัด/).selectOption('Pathum Thani');
    await field(edit, /^เขต \/ อำเภอ/).selectOption('Khlong Luang');
    await field(edit, /^รหัสไปรษณีย์/).fill('12120');
    await form.getByLabel(/ที่อยู่จัดส่งหลัก/).check();
    await screenshot(page, 'address-edit', { fullPage: true });
    await edit.getByRole('button', { name: 'บันทึกที่อยู่' }).click();
    await expect(page.getByRole('dialog', { name: 'บันทึกที่อยู่เรียบร้อย' })).toBeVisible();
    await page.getByRole('link', { name: 'กลับไปที่อยู่ของฉัน' }).click();
    const edited = page.getByRole('listitem').filter({ hasText: 'สมชาย ทดสอบ' });
    await expect(edited.getByText('123 ถนนพหลโยธิน')).toBeVisible();
    await expect(edited.getByText('คลองหลวง ปทุมธานี 12120')).toBeVisible();
    await expect(edited.getByText('Shipping', { exact: true })).toBeVisible();

    // Delete, with the confirmation dialog.
    await edited.getByRole('button', { name: /ลบที่อยู่ของ สมชาย ทดสอบ/ }).click();
    const confirm = page.getByRole('dialog', { name: 'ลบที่อยู่นี้?' });
    await expect(confirm).toBeVisible();
    await screenshot(page, 'address-delete-confirm');
    await confirm.getByRole('button', { name: 'ยกเลิก' }).click();
    await expect(confirm).toBeHidden();
    await expect(edited).toBeVisible();
    await edited.getByRole('button', { name: /ลบที่อยู่ของ สมชาย ทดสอบ/ }).click();
    await page.getByRole('dialog', { name: 'ลบที่อยู่นี้?' }).getByRole('button', { name: 'ลบที่อยู่' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'สมชาย ทดสอบ' })).toHaveCount(0);
    const after = await memberCall<unknown[]>(page, 'headless_e_commerce.api.get_addresses');
    expect(after.length).toBe(before.length);

    expect(appErrors(consoleErrors, [/status of 417/])).toEqual([]);
  });
});

const INFO_PAGES = [
  { path: '/terms-and-conditions', heading: 'ข้อกำหนดและเงื่อนไข', text: 'บัญชีสมาชิก' },
  { path: '/consent', heading: 'ความยินยอมในการเปิดเผยข้อมูล', text: 'พระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล' },
  { path: '/collect-points', heading: 'วิธีสะสมคะแนน', text: 'รับ 1 คะแนน' },
  { path: '/how-to-collect-rewards', heading: 'วิธีแลกของรางวัล', text: 'รางวัลของฉัน' },
  { path: '/member-conditions', heading: 'เงื่อนไขการเป็นสมาชิก', text: 'สมาชิกหลักเจ้าของบัญชี' },
  { path: '/single-blog', heading: 'โปรโมชั่นเดือนเกิด', text: 'สุขสันต์เดือนเกิด' },
];

test.describe('information pages', () => {
  test('every information page shows its document', async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    for (const info of INFO_PAGES) {
      await page.goto(info.path);
      await expect(page.getByRole('heading', { level: 1, name: info.heading })).toBeVisible();
      await expect(page.getByText(info.text).first()).toBeVisible();
      await screenshot(page, `info${info.path.replace(/\//g, '-')}`);
    }
    // Terms: the bottom navigation is there, with the account tab marked.
    await page.goto('/terms-and-conditions');
    const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
    await expect(nav.getByRole('link', { name: 'บัญชี' })).toHaveAttribute('data-status', 'active');
    await page.getByRole('link', { name: 'ย้อนกลับ' }).click();
    await expect(page).toHaveURL(/\/my-account$/);
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('a script in a document never runs in the app', async ({ page }) => {
    const { api, csrf } = await adminApi();
    const url = '/api/resource/Information%20Document/Member%20Conditions';
    const original = ((await (await api.get(url)).json()) as { data: { description: string } }).data.description;
    const evil = '<p>เงื่อนไขใหม่</p><script>window.__pwned = 1</script><img src="/x.png" onerror="window.__pwned = 2"><a href="javascript:window.__pwned=3">ลิงก์</a>';
    const put = await api.put(url, {
      headers: { 'X-Frappe-CSRF-Token': csrf },
      data: { description: evil },
    });
    expect(put.ok()).toBe(true);
    const stored = ((await put.json()) as { data: { description: string } }).data.description;
    expect(stored).not.toMatch(/script|onerror|javascript:/);

    await signInDemoMember(page);
    await page.goto('/member-conditions');
    await expect(page.getByText('เงื่อนไขใหม่')).toBeVisible();
    // The javascript: address is gone: the text stays, as plain text.
    expect(await page.locator('main a[href^="javascript"]').count()).toBe(0);
    await expect(page.getByText('ลิงก์', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // What the browser does with raw HTML, whatever a server sends: tests/src/components/safe-html.test.tsx.
    // Put the real text back for the journeys that follow.
    expect((await api.put(url, { headers: { 'X-Frappe-CSRF-Token': csrf }, data: { description: original } })).ok()).toBe(true);
    await api.dispose();
  });
});

test.describe('shop', () => {
  test('filtering by price shows only matching items, sorting orders them', async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'สินค้าใหม่' })).toBeVisible();
    await expect(page.getByTestId('shop-item').first()).toBeVisible();
    await screenshot(page, 'shop-home');

    await page.getByRole('link', { name: 'ลักษณะสินค้า' }).click();
    await expect(page).toHaveURL(/\/shop\/type/);
    await page.getByRole('textbox', { name: 'ราคาต่ำสุด' }).fill('300');
    await page.getByRole('textbox', { name: 'ราคาสูงสุด' }).fill('500');
    await screenshot(page, 'shop-type', { fullPage: true });
    await page.getByRole('button', { name: 'ค้นหาสินค้า' }).click();
    await expect(page).toHaveURL(/\/shop\?.*price_min=300.*price_max=500|\/shop\?.*price_max=500.*price_min=300/);
    await expect(page.getByTestId('shop-item').first()).toBeVisible();
    const prices = await page.getByTestId('shop-item').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-price'))));
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) expect(p >= 300 && p <= 500).toBe(true);
    await screenshot(page, 'shop-filtered');

    await page.getByRole('link', { name: 'ประเภทสินค้า' }).click();
    await expect(page).toHaveURL(/\/shop\/filter/);
    await page.getByLabel('ราคาต่ำไปสูง').check();
    await screenshot(page, 'shop-filter');
    await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page.getByTestId('shop-item').first()).toBeVisible();
    const sorted = await page.getByTestId('shop-item').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-price'))));
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    for (const p of sorted) expect(p >= 300 && p <= 500).toBe(true);
    expect(appErrors(consoleErrors)).toEqual([]);
  });
});

test.describe('member ID', () => {
  test('the QR code and the barcode decode back to the member code; real tier and balances', async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    const profile = await memberCall<{ name: string; loyalty_points: number; loyalty_program: string }>(page, 'headless_e_commerce.api.get_profile');
    const tier = await memberCall<{ tier_name: string | null }>(page, 'loyalty_program_customizations.overrides.get_tier', { customer: profile.name }, 'POST');
    const orders = await memberCall<{ order_type: string; due_date: string; delivery_notes: { status: string }[] }[]>(page, 'honda_api.api_calls.getuser.getorders');
    const program = await memberCall<{ conversion_factor: number } | null>(page, 'member_rewards.api.get_loyalty_program', { name: profile.loyalty_program });
    const today = new Date().toISOString().slice(0, 10);
    const usable = orders.filter((o) => o.order_type === 'redemption' && o.delivery_notes[0]?.status === 'Draft' && !(o.due_date < today)).length;

    await page.goto('/my-id');
    await expect(page.getByRole('heading', { level: 1, name: 'บัตรสมาชิก' })).toBeVisible();
    // The app's card, not the boot module's copy painted before the app (it goes once the app draws its own).
    const shown = page.locator('#root').getByTestId('member-code');
    await expect(shown).not.toHaveText('', { timeout: 20_000 });
    if (tier.tier_name) await expect(page.getByTestId('tier-line')).toHaveText(`สมาชิกระดับ ${tier.tier_name}`);
    await expect(page.getByTestId('coins')).toContainText(profile.loyalty_points.toLocaleString('th-TH'));
    await expect(page.getByTestId('coupons')).toContainText(String(usable));
    if (program && program.conversion_factor > 0) {
      await expect(page.getByTestId('wallet')).toContainText((profile.loyalty_points * program.conversion_factor).toLocaleString('th-TH'));
    } else {
      await expect(page.getByTestId('wallet')).toHaveCount(0);
    }

    // The code rotates (every 30 s): an image counts only when the code read before and after taking it is the
    // same, so a rotation in between (a busy machine) takes the picture again instead of comparing two codes.
    const codeWith = async (shoot: () => Promise<Buffer>) => {
      for (;;) {
        const before = (await shown.textContent())!.trim();
        const image = await shoot();
        if ((await shown.textContent())!.trim() === before) return { code: before, image };
      }
    };
    const qr = page.locator('#root').getByTestId('member-qr');
    await expect(qr.locator('canvas')).toBeVisible();
    await screenshot(page, 'my-id-qr');
    const jpg = await codeWith(() => qr.screenshot({ type: 'jpeg', quality: 95 }));
    expect(jpg.code.length).toBeGreaterThan(0);
    const img = jpeg.decode(jpg.image, { useTArray: true });
    const decoded = jsQR(new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length), img.width, img.height);
    expect(decoded?.data).toBe(jpg.code);
    const png = await codeWith(() => qr.screenshot({ type: 'png' }));
    const zxQr = await readBarcodes(new Uint8Array(png.image), { formats: ['QRCode'] });
    expect(zxQr[0]?.text).toBe(png.code);
    // The branded card (qr-code-styling: rounded modules, the brand mark in the centre): zxing reads it at the size the
    // card shows it (one image pixel per CSS pixel), and its modules are in the brand's colour, nothing black.
    const css = await codeWith(() => qr.screenshot({ type: 'png', scale: 'css' }));
    const zxCss = await readBarcodes(new Uint8Array(css.image), { formats: ['QRCode'] });
    expect(zxCss[0]?.text).toBe(css.code);
    expect(await qrInk(qr)).toEqual({ ink: await themeColor(page), black: 0 });

    await page.getByRole('tab', { name: 'บาร์โค้ด' }).click();
    const barcode = page.getByTestId('member-barcode');
    await expect(barcode).toBeVisible();
    await screenshot(page, 'my-id-barcode');
    const bar = await codeWith(() => barcode.screenshot({ type: 'png' }));
    const bars = await readBarcodes(new Uint8Array(bar.image), { formats: ['Code128'] });
    expect(bars[0]?.text).toBe(bar.code);

    await page.getByRole('link', { name: 'ย้อนกลับ' }).click();
    await expect(page).toHaveURL(/\/my-account$/);
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('my account links, language switch and the other member screens', async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    await page.goto('/my-account');
    await expect(page.getByRole('link', { name: /แก้ไขโปรไฟล์/ })).toHaveAttribute('href', '/edit-profile');
    for (const href of ['/reward-history', '/member-conditions', '/terms-and-conditions', '/consent', '/collect-points', '/how-to-collect-rewards', '/shipping-address', '/my-id']) {
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'ออกจากระบบ' })).toBeVisible();
    await screenshot(page, 'my-account', { fullPage: true });
    await page.locator('main').getByText('English', { exact: true }).click();
    await expect(page.getByText('Edit profile', { exact: false })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await screenshot(page, 'my-account-en');
    await page.locator('main').getByText('ไทย', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');

    for (const [path, name] of [
      ['/reward-home', 'reward-home'],
      ['/reward', 'reward'],
      ['/reward-details', 'reward-details'],
      ['/reward-coupon', 'reward-coupon'],
      ['/gifts', 'gifts'],
      ['/success?order_id=SINV-TEST', 'success'],
      ['/product-compare/TEE-BLACK', 'product-compare'],
    ] as const) {
      await page.goto(path);
      await page.waitForTimeout(1200);
      await screenshot(page, `member-${name}`, { fullPage: true });
    }

    // The mock-up screens carry the member's and the catalogue's real figures, not the original's samples.
    const me = await memberCall<{ name: string; loyalty_points: number }>(page, 'headless_e_commerce.api.get_profile');
    const myTier = await memberCall<{ tier_name: string }>(page, 'loyalty_program_customizations.overrides.get_tier', { customer: me.name }, 'POST');
    type Item = { item_code: string; item_name: string; formatted_price: string; loyalty_points_based_price: number };
    const itemsOf = async (codes: string[]) =>
      (await memberCall<{ items: Item[] }>(page, 'erpnext.e_commerce.api.get_product_filter_data', { query_args: { field_filters: { item_code: codes } } })).items;
    await page.goto('/reward-home');
    const card = page.locator('main');
    await expect(card.getByText(`${me.loyalty_points.toLocaleString('th-TH')} คะแนน`).first()).toBeVisible();
    await expect(card.getByText(myTier.tier_name).first()).toBeVisible();
    // Its carousels start 16 px in, like the home's.
    await expect(page.getByTestId('reward-card').first()).toBeVisible();
    expect(Math.round((await page.getByTestId('reward-card').first().boundingBox())!.x)).toBe(16);
    // A reward that does not exist (or expired) is not found: no other reward and no redeem link in its place.
    await page.goto('/reward-details?item=GIFT-SOCKS');
    await expect(page.getByTestId('reward-not-found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
    await screenshot(page, 'member-reward-details-not-found');
    const [tumbler, tee] = [...(await itemsOf(['GIFT-TUMBLER'])), ...(await itemsOf(['TEE-BLACK']))];
    await page.goto('/reward');
    await expect(page.getByText(tumbler!.item_name).first()).toBeVisible();
    await expect(page.getByText(`${tumbler!.loyalty_points_based_price} คะแนน`).first()).toBeVisible();
    await page.goto('/product-compare/TEE-BLACK');
    await expect(page.getByText(tee!.item_name).first()).toBeVisible();
    await expect(page.getByText(tee!.formatted_price).first()).toBeVisible();
    await page.goto('/success?order_id=SINV-TEST');
    await expect(page.getByText('SINV-TEST')).toBeVisible();
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('wishlist tabs count real items and add to cart really adds', async ({ page, consoleErrors }) => {
    await signInDemoMember(page);
    await page.goto('/shop');
    const cards = page.getByTestId('shop-item');
    await expect(cards.first()).toBeVisible();
    await cards.nth(0).getByRole('button', { name: /รายการที่ชอบ/ }).click();
    await cards.nth(1).getByRole('button', { name: /รายการที่ชอบ/ }).click();
    await page.goto('/wishlist');
    await expect(page.getByRole('tab', { name: 'ทั้งหมด (2)' })).toBeVisible();
    const inStock = await page.getByRole('tab', { name: /มีสินค้า/ }).textContent();
    const out = await page.getByRole('tab', { name: /สินค้าหมด/ }).textContent();
    const n = (s: string | null) => Number(/\((\d+)\)/.exec(s ?? '')?.[1]);
    expect(n(inStock) + n(out)).toBe(2);
    await screenshot(page, 'wishlist');
    const before = await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('cart') ?? '{}')?.state?.items ?? {}).length);
    await page.getByTestId('wish-item').first().getByRole('button', { name: 'ใส่ตะกร้า' }).click();
    await expect(page.getByTestId('cart-badge')).toHaveText(String(before + 1));
    expect(appErrors(consoleErrors)).toEqual([]);
  });
});

test.describe('the tier', () => {
  type Rules = { current: { rules: { tiers: { name: string; threshold: number }[] } } };
  /** Sets a tier's threshold as a manager does on the rules screen; answers the one it had. */
  async function setThreshold(tier: string, threshold: number): Promise<number> {
    const { api, csrf } = await adminApi();
    try {
      const headers = { 'X-Frappe-CSRF-Token': csrf };
      const { current } = ((await (await api.post('/api/method/member_rewards.programme.get_rules', { headers, data: {} })).json()) as { message: Rules }).message;
      const before = current.rules.tiers.find((t) => t.name === tier)!.threshold;
      const tiers = current.rules.tiers.map((t) => (t.name === tier ? { ...t, threshold } : t));
      const res = await api.post('/api/method/member_rewards.programme.update_rules', { headers, data: { rules: { tiers }, note: `e2e: ${tier} from ${threshold}` } });
      expect(res.ok(), await res.text()).toBe(true);
      return before;
    } finally {
      await api.dispose();
    }
  }
  let platinum: number | undefined;
  // The specs that follow expect the seeded thresholds.
  test.afterAll(async () => {
    if (platinum !== undefined) await setThreshold('Platinum', platinum);
  });

  test('the home and the account show the same tier after an award at the till and after a manager lowers a threshold', async ({ page, consoleErrors }) => {
    test.setTimeout(240_000);
    // A member of its own: the 20-point sign-up bonus, Silver (Gold from 35, Platinum from 100).
    await newVerifiedMember(page, `ระดับ ${Date.now() % 100000}`);
    const home = page.getByTestId('tier-name');
    const account = page.getByTestId('account-tier');
    const accountTab = page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'บัญชี' });
    await page.goto('/my-account');
    await expect(account).toHaveText('สมาชิกระดับ Silver');
    await page.goto('/');
    await expect(home).toHaveText('สมาชิก Silver');

    /** The home paints what the device read less than 30 s ago, then what the server says: reloaded until it shows `tier`. */
    const homeShows = (tier: string) =>
      expect(async () => {
        await page.goto('/');
        await expect(home).toHaveText(`สมาชิก ${tier}`, { timeout: 2_000 });
      }).toPass({ intervals: [3_000], timeout: 60_000 });

    // 500 baht at the till: 20 points more, Gold.
    const { points } = await staffAward(page, 500);
    expect(20 + points).toBeGreaterThanOrEqual(35);
    await homeShows('Gold');
    // The account, opened from the home, says the same at once (not what it read before, for minutes)...
    await accountTab.click();
    await expect(account).toHaveText('สมาชิกระดับ Gold', { timeout: 5_000 });
    // ...and so does a new load of it (the device keeps what it read).
    await page.reload();
    await expect(account).toHaveText('สมาชิกระดับ Gold', { timeout: 5_000 });

    // A manager lowers Platinum to 40 points: the member's 40 make them Platinum.
    platinum = await setThreshold('Platinum', 40);
    await homeShows('Platinum');
    await expect(page.getByTestId('tier-progress')).toHaveText('คุณอยู่ในระดับสูงสุดแล้ว');
    await accountTab.click();
    await expect(account).toHaveText('สมาชิกระดับ Platinum', { timeout: 5_000 });
    await screenshot(page, 'my-account-tier');
    expect(appErrors(consoleErrors)).toEqual([]);
  });
});
