import type { Page } from '@playwright/test';
import { appErrors, expect, test } from './support/fixtures';
import { screenshot } from './support/screenshot';

const DESKTOP = { width: 1280, height: 800 };

/** No link on the marketing site may lead to "#" (the original's placeholder links). */
async function expectNoHashLinks(page: Page) {
  const hrefs = await page.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  // (The shell's "skip to content" link points at #main on purpose.)
  expect(hrefs.filter((h) => !h || h === '#')).toEqual([]);
}

async function scrollThrough(page: Page) {
  // Lazy images load as they come into view (for the screenshots).
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 700) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

test.describe('marketing site', () => {
  test('the bakery home: navigation, hero rotating every 8 s (pausable), sections from real data', async ({ page, consoleErrors }) => {
    await page.clock.install();
    await page.goto('/bakery');
    const nav = page.locator('header').first();
    await expect(page.getByRole('heading', { level: 1, name: 'เค้กสตรอว์เบอร์รีเนยสด' })).toBeVisible();

    const hero = page.getByTestId('hero');
    await expect(hero).toHaveAttribute('data-slide', '0');
    await page.clock.fastForward(8100);
    await expect(hero).toHaveAttribute('data-slide', '1');
    await expect(page.getByRole('heading', { level: 1, name: 'ครัวซองต์เนยแท้ 100%' })).toBeVisible();
    await page.mouse.move(0, 700); // not hovering the hero
    await page.getByRole('button', { name: 'หยุดเลื่อนอัตโนมัติ' }).click();
    await page.mouse.move(0, 790);
    await page.getByRole('heading', { name: 'เมนูซิกเนเจอร์' }).click(); // focus leaves the hero
    await page.clock.fastForward(20_000);
    await expect(hero).toHaveAttribute('data-slide', '1');
    await page.getByRole('button', { name: 'ไปที่สไลด์ 3' }).click();
    await expect(hero).toHaveAttribute('data-slide', '2');

    // Sections: signature menu, best sellers, birthday cake, blog cards from real posts, two branches 08:00-17:30.
    await expect(page.getByRole('heading', { name: 'เมนูซิกเนเจอร์' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'สินค้าขายดี' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'เค้กวันเกิด', exact: true })).toBeVisible();
    // The three newest published posts (the admin spec may have added one when both run on one server).
    await expect(page.getByTestId('post-card')).toHaveCount(3);
    await expect(page.getByTestId('branch-card')).toHaveCount(2);
    for (const card of await page.getByTestId('branch-card').all()) await expect(card).toContainText('เปิดทุกวัน 08:00 - 17:30 น.');
    await expectNoHashLinks(page);

    // Top navigation at phone size: the menu.
    await page.getByRole('button', { name: 'เปิดเมนู' }).click();
    const menu = page.getByRole('dialog').getByRole('navigation', { name: 'เมนูเว็บไซต์' });
    const targets: Record<string, string> = { หน้าแรก: '/bakery', สินค้า: '/product', บล็อก: '/blog', เกี่ยวกับเรา: '/laveena-about-us', ติดต่อเรา: '/branch' };
    for (const [label, href] of Object.entries(targets)) await expect(menu.getByRole('link', { name: label })).toHaveAttribute('href', href);
    await page.keyboard.press('Escape');
    await expect(nav).toBeVisible();
    await page.clock.runFor(100);
    await scrollThrough(page);
    await screenshot(page, 'marketing-home-390');
    await screenshot(page, 'marketing-home-390-full', { fullPage: true });
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('the home at 1280x800, and a visitor who prefers reduced motion gets no automatic rotation', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/bakery');
    const nav = page.getByRole('navigation', { name: 'เมนูเว็บไซต์' });
    await expect(nav.getByRole('link', { name: 'ติดต่อเรา' })).toHaveAttribute('href', '/branch');
    await scrollThrough(page);
    await screenshot(page, 'marketing-home-1280');
    await screenshot(page, 'marketing-home-1280-full', { fullPage: true });

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.reload();
    await expect(page.getByTestId('hero')).toHaveAttribute('data-slide', '0');
    await expect(page.getByRole('button', { name: 'หยุดเลื่อนอัตโนมัติ' })).toHaveCount(0);
    await page.clock.fastForward(30_000);
    await expect(page.getByTestId('hero')).toHaveAttribute('data-slide', '0');
    await page.getByRole('button', { name: 'สไลด์ถัดไป' }).click();
    await expect(page.getByTestId('hero')).toHaveAttribute('data-slide', '1');
  });

  test('the product list searches, counts categories, filters by price and really sorts', async ({ page, consoleErrors }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/product');
    const results = page.getByTestId('results-count');
    await expect(results).toHaveText('แสดงทั้งหมด 13 รายการ', { timeout: 30_000 });
    const prices = async () => (await page.getByTestId('product-price').allInnerTexts()).map((s) => Number(s.replace(/,/g, '')));

    await page.getByLabel('เรียงตาม').selectOption('price-asc');
    await expect(page).toHaveURL(/sort=price-asc/);
    const asc = await prices();
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(asc[0]).toBe(280);
    await scrollThrough(page);
    await screenshot(page, 'marketing-products-price-asc-1280');

    await page.getByLabel('เรียงตาม').selectOption('price-desc');
    const desc = await prices();
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(desc[0]).toBe(900);

    // Nobody has reviewed anything: no stars, and no 'best rating' order to pretend otherwise.
    await expect(page.getByTestId('product-rating')).toHaveCount(0);
    await expect(page.getByLabel('เรียงตาม').locator('option[value="rating"]')).toHaveCount(0);

    // Category counts and filter.
    await expect(page.getByTestId('category-cake')).toContainText('8');
    await page.getByTestId('category-bread').click();
    await expect(results).toHaveText('แสดง 1 จาก 13 รายการ');
    await expect(page.getByTestId('product-card')).toHaveCount(1);
    await page.getByRole('button', { name: 'ล้างตัวกรอง' }).click();
    await expect(results).toHaveText('แสดงทั้งหมด 13 รายการ');

    // Price slider 280-900 with the keyboard: the lower thumb up 30 steps of 10 baht leaves 600 and 900.
    await expect(page.getByTestId('price-range')).toHaveText('280 - 900 บาท');
    await page.getByRole('slider').first().focus();
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('price-range')).toHaveText('580 - 900 บาท');
    await expect(page).toHaveURL(/min=580/);
    expect(await prices()).toEqual([900, 600]); // still sorted high to low
    await page.getByRole('button', { name: 'ล้างตัวกรอง' }).click();

    // Search in Thai or English.
    await page.getByLabel('ค้นหาสินค้า').fill('croissant');
    await expect(page.getByTestId('product-card')).toHaveCount(1);
    await expect(page.getByTestId('product-card')).toContainText('ครัวซองต์เนยแท้');
    await page.getByLabel('ค้นหาสินค้า').fill('');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('เรียงตาม').selectOption('price-asc');
    await page.getByText('แสดงทั้งหมด 13 รายการ').scrollIntoViewIfNeeded();
    await screenshot(page, 'marketing-products-price-asc-390');
    await expectNoHashLinks(page);
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('product detail: flavors, 1-3 pound sizes, quantity, add to cart, and a validated review', async ({ page, consoleErrors }) => {
    await page.goto('/product-detail?id=birthday-cake');
    await expect(page.getByRole('heading', { level: 1, name: 'เค้กวันเกิดเนยสด' })).toBeVisible();
    await expect(page.getByTestId('no-rating')).toHaveText('ยังไม่มีคะแนนรีวิว');
    await expect(page.getByTestId('price-range-text')).toHaveText('280.00 - 750.00');
    for (const flavor of ['วานิลลา', 'ช็อกโกแลต', 'มะพร้าว', 'กาแฟ']) await expect(page.getByText(flavor, { exact: true })).toBeVisible();
    await page.getByText('ช็อกโกแลต', { exact: true }).click();
    await page.getByText('3 ปอนด์', { exact: true }).click();
    await expect(page.getByTestId('unit-price')).toHaveText('750.00 บาท');
    await page.getByRole('button', { name: 'เพิ่มจำนวน' }).click();
    await expect(page.getByTestId('qty')).toHaveText('2');
    await expect(page.getByTestId('unit-price')).toHaveText('1,500.00 บาท');
    await page.getByRole('button', { name: 'หยิบใส่ตะกร้า' }).click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'เพิ่มลงตะกร้าแล้ว' })).toBeVisible();
    await page.getByRole('button', { name: 'ตะกร้า 2 ชิ้น' }).click();
    await expect(page.getByTestId('cart-total')).toHaveText('1,500.00 บาท');
    await page.keyboard.press('Escape');
    await screenshot(page, 'marketing-product-detail-390');

    // Tabs: additional information, reviews with a validated form.
    await page.getByRole('tab', { name: 'ข้อมูลเพิ่มเติม' }).click();
    await expect(page.getByText('วานิลลา, ช็อกโกแลต, มะพร้าว, กาแฟ, ส้ม, ใบเตย')).toBeVisible();
    await page.getByRole('tab', { name: 'รีวิว (0)' }).click();
    await page.getByRole('button', { name: 'ส่งรีวิว' }).click();
    await expect(page.getByText('กรุณาให้คะแนน 1-5 ดาว')).toBeVisible();
    await expect(page.getByText('กรุณากรอกชื่อ')).toBeVisible();
    await expect(page.getByText('กรุณากรอกอีเมล')).toBeVisible();
    await page.getByRole('textbox', { name: 'ชื่อ', exact: true }).fill('คุณฝน');
    await page.getByRole('textbox', { name: 'อีเมล', exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'ส่งรีวิว' }).click();
    await expect(page.getByText('กรุณากรอกอีเมลให้ถูกต้อง')).toBeVisible();
    await page.getByRole('textbox', { name: 'อีเมล', exact: true }).fill('fon@example.com');
    const reviewForm = page.getByRole('form', { name: 'เขียนรีวิว' });
    await reviewForm.getByRole('radio', { name: '4', exact: true }).focus();
    await page.keyboard.press('Space'); // the rating works from the keyboard
    await page.getByLabel('รีวิวของคุณ').fill('เนื้อเค้กนุ่มมาก');
    await page.getByRole('button', { name: 'ส่งรีวิว' }).click();
    await expect(page.getByTestId('review')).toHaveCount(1);
    await expect(page.getByTestId('review')).toContainText('คุณฝน');
    await expect(page.getByRole('tab', { name: 'รีวิว (1)' })).toBeVisible();
    // The rating is the reviews' average, here and on the product list, which can now sort by it.
    await expect(page.getByRole('img', { name: 'คะแนน 4.0 จาก 5' })).toBeVisible();
    await page.goto('/product?sort=rating');
    await expect(page.getByTestId('product-card').first()).toContainText('เค้กวันเกิดเนยสด');
    await expect(page.getByTestId('product-rating')).toHaveCount(1);
    await expectNoHashLinks(page);
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('sign-in / register dialog: two tabs, required markers, validation, registration signs the visitor in', async ({ page, consoleErrors }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/bakery');
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    const dialog = page.getByRole('dialog', { name: 'บัญชีของฉัน' });
    await expect(dialog.getByRole('tab', { name: 'เข้าสู่ระบบ' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('checkbox', { name: 'จดจำชื่อผู้ใช้' })).toBeVisible();
    await dialog.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await expect(dialog.getByText('กรุณากรอกข้อมูลนี้')).toHaveCount(2);
    await dialog.getByLabel('ชื่อผู้ใช้หรืออีเมล').fill('nobody@example.com');
    await dialog.getByLabel('รหัสผ่าน').fill('wrong-password');
    await dialog.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');

    await dialog.getByRole('tab', { name: 'สมัครสมาชิก' }).click();
    // Required markers on the three fields.
    await expect(dialog.locator('.mantine-InputWrapper-required')).toHaveCount(3);
    await dialog.getByRole('button', { name: 'สมัครสมาชิก' }).click();
    await expect(dialog.getByText('กรุณากรอกชื่อผู้ใช้')).toBeVisible();
    await expect(dialog.getByText('กรุณากรอกอีเมล', { exact: true })).toBeVisible();
    await expect(dialog.getByText('กรุณากรอกรหัสผ่าน')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'นโยบายความเป็นส่วนตัว' })).toHaveAttribute('href', '/privacy-policy');
    await dialog.getByLabel('ชื่อผู้ใช้').fill('croissant.fan');
    await dialog.getByLabel('อีเมล').fill('croissant.fan@example.com');
    await dialog.getByLabel('รหัสผ่าน').fill('short');
    await dialog.getByRole('button', { name: 'สมัครสมาชิก' }).click();
    await expect(dialog.getByText('รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร')).toBeVisible();
    await screenshot(page, 'marketing-register-1280');
    await dialog.getByLabel('รหัสผ่าน').fill('butter-and-flour');
    await dialog.getByRole('button', { name: 'สมัครสมาชิก' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'สมัครสมาชิกสำเร็จ' })).toBeVisible();
    await expect(page.locator('header').getByRole('button', { name: 'croissant.fan' })).toBeVisible();

    // Signing out and back in with the new account through /api/method/login.
    await page.locator('header').getByRole('button', { name: 'croissant.fan' }).click();
    await page.getByRole('menuitem', { name: 'ออกจากระบบ' }).click();
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await dialog.getByLabel('ชื่อผู้ใช้หรืออีเมล').fill('croissant.fan@example.com');
    await dialog.getByLabel('รหัสผ่าน').fill('butter-and-flour');
    await dialog.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('header').getByRole('button', { name: 'croissant.fan' })).toBeVisible();

    // A forgotten password: the dialog leads to the reset request, which leads back to the shop.
    await page.locator('header').getByRole('button', { name: 'croissant.fan' }).click();
    await page.getByRole('menuitem', { name: 'ออกจากระบบ' }).click();
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await dialog.getByRole('link', { name: 'ลืมรหัสผ่าน?' }).click();
    await expect(page).toHaveURL(/\/forgot-password\?from=site$/);
    // The page, not the sign-in dialog still closing over it (its field has the same label): typed into the dialog's,
    // the text left with the dialog and the request went out empty.
    await expect(page.getByRole('heading', { level: 1, name: 'ลืมรหัสผ่าน' })).toBeVisible();
    await page.getByRole('main').getByLabel(/ชื่อผู้ใช้หรืออีเมล/).fill('croissant.fan@example.com');
    await page.getByRole('button', { name: 'ส่งลิงก์ตั้งรหัสผ่านใหม่' }).click();
    // (The sign-out toast is a status too.)
    await expect(page.getByRole('status').filter({ hasText: 'ส่งวิธีตั้งรหัสผ่านใหม่ไปที่อีเมลของคุณแล้ว' })).toBeVisible();
    await page.getByRole('link', { name: 'กลับไปหน้าร้าน' }).click();
    await expect(page).toHaveURL(/\/bakery$/);
    expect(appErrors(consoleErrors, [/401|403/])).toEqual([]);
  });

  test('blog, blog detail, branches, about us and the privacy policy', async ({ page, consoleErrors }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'บล็อก' })).toBeVisible();
    for (const title of ['เนยแท้ต่างจากเนยผสมอย่างไร', 'เลือกเค้กวันเกิดให้ถูกใจทุกคนในงาน', 'เปิดแล้ว! สาขาเชียงใหม่ ถนนนิมมานเหมินท์']) {
      await expect(page.getByTestId('post-card').filter({ hasText: title })).toBeVisible();
    }
    const total = await page.getByTestId('post-card').count();
    await page.getByTestId('post-card').filter({ hasText: 'เนยแท้ต่างจากเนยผสมอย่างไร' }).click();
    await expect(page).toHaveURL(/\/blog-detail\?name=pure-butter$/);
    await expect(page.getByRole('heading', { level: 1, name: 'เนยแท้ต่างจากเนยผสมอย่างไร' })).toBeVisible();
    await expect(page.getByText('เนยแท้ต้องมีไขมันเนยมากกว่า 80%')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'คุณอาจชอบ' })).toBeVisible();
    await expect(page.getByTestId('post-card')).toHaveCount(Math.min(3, total - 1));
    await expect(page.getByTestId('post-card').filter({ hasText: 'เนยแท้ต่างจากเนยผสมอย่างไร' })).toHaveCount(0);
    await screenshot(page, 'marketing-blog-detail-390');

    await page.goto('/branch');
    await expect(page.getByRole('heading', { level: 1, name: 'ติดต่อเรา' })).toBeVisible();
    await expect(page.getByTestId('branch-card')).toHaveCount(2);
    await expect(page.getByTestId('branch-card').first()).toContainText('เปิดทุกวัน 08:00 - 17:30 น.');
    await expectNoHashLinks(page);

    await page.goto('/laveena-about-us');
    await expect(page.getByRole('heading', { level: 1, name: 'เกี่ยวกับลาวีน่า' })).toBeVisible();
    await expect(page.locator('.mantine-Timeline-item')).toHaveCount(5);
    await screenshot(page, 'marketing-about-390');

    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'นโยบายความเป็นส่วนตัวและคุกกี้' })).toBeVisible();
    await expect(page.getByText('ประกาศ ณ วันที่ 31 พฤษภาคม 2565')).toBeVisible();
    await expect(page.locator('footer').getByText(/ลาวีน่า เบเกอรี่ สงวนลิขสิทธิ์/)).toBeVisible();
    await expectNoHashLinks(page);
    expect(appErrors(consoleErrors)).toEqual([]);
  });
});
