import type { Browser, Locator, Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, VIEWPORT } from './support/env';
import { appErrors, expect, test } from './support/fixtures';
import { screenshot } from './support/screenshot';
import { pickDay } from './support/date-field';

/** Signs in through the gate every admin screen shows to visitors (Thai labels: the default language). */
async function signInAdmin(page: Page, path = '/blog-admin') {
  await page.goto(path);
  await page.getByLabel('ชื่อผู้ใช้หรืออีเมล').fill(ADMIN_EMAIL);
  await page.getByLabel('รหัสผ่าน').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await expect(page.getByRole('navigation', { name: 'เมนูผู้ดูแล' })).toBeVisible();
}

async function adminPage(browser: Browser, viewport = VIEWPORT) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  return { context, page };
}

const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title });

/** A toast sits at the bottom of the window, below the page's title and the top bar, covering neither. */
async function expectToastClearOfTitle(page: Page, shown: Locator) {
  const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  const height = page.viewportSize()!.height;
  await expect.poll(async () => {
    const box = await shown.boundingBox();
    return box !== null && box.y >= title.y + title.height && box.y + box.height <= height && box.y + box.height > height - 40;
  }).toBe(true);
}

/** A small real PNG (the upload checks the file's bytes): a screenshot of a coloured box. */
async function pngOf(page: Page): Promise<Buffer> {
  return page.screenshot({ clip: { x: 0, y: 0, width: 160, height: 100 }, type: 'png' });
}

test.describe('blog admin', () => {
  test('a category created in one admin window appears live in another, with the admin toasts', async ({ browser }) => {
    const a = await adminPage(browser, { width: 1280, height: 800 });
    const b = await adminPage(browser);
    const errors: string[] = [];
    for (const p of [a.page, b.page]) p.on('pageerror', (e) => errors.push(e.message));
    await signInAdmin(a.page, '/blog-categories');
    await signInAdmin(b.page, '/blog-categories');
    const rowsB = b.page.getByTestId('category-row');
    await expect(rowsB).toHaveCount(3);
    const badgeB = b.page.getByTestId('count-Blog Category');
    await expect(badgeB).toHaveText('3');
    await screenshot(b.page, 'admin-categories-390');

    // Window A adds a category through the dialog, which closes on success.
    await a.page.getByRole('button', { name: 'เพิ่ม', exact: true }).click();
    const add = a.page.getByRole('dialog', { name: 'เพิ่มหมวดหมู่' });
    await add.getByRole('button', { name: 'บันทึก' }).click();
    await expect(add.getByText('กรุณากรอกชื่อหมวดหมู่')).toBeVisible();
    await add.getByLabel('ชื่อหมวดหมู่').fill('ขนมไทยประยุกต์');
    await screenshot(a.page, 'admin-category-add-dialog-1280');
    await add.getByRole('button', { name: 'บันทึก' }).click();
    await expect(add).toBeHidden();
    await expect(toast(a.page, 'สร้างหมวดหมู่บล็อกแล้ว')).toBeVisible();
    await expect(toast(a.page, 'สร้างหมวดหมู่บล็อกแล้ว')).toHaveAttribute('data-status', 'success');
    await expectToastClearOfTitle(a.page, toast(a.page, 'สร้างหมวดหมู่บล็อกแล้ว'));

    // Window B: the row and the badge change without a reload (socket.io list_update → refetch).
    await expect(rowsB.filter({ hasText: 'ขนมไทยประยุกต์' })).toBeVisible();
    await expect(rowsB).toHaveCount(4);
    await expect(badgeB).toHaveText('4');

    // Update (prefilled) from window B; window A follows.
    await b.page.getByRole('button', { name: 'แก้ไขหมวดหมู่ ขนมไทยประยุกต์' }).click();
    const upd = b.page.getByRole('dialog', { name: 'แก้ไขหมวดหมู่' });
    await expect(upd.getByLabel('ชื่อหมวดหมู่')).toHaveValue('ขนมไทยประยุกต์');
    await upd.getByLabel('ชื่อหมวดหมู่').fill('ขนมไทยร่วมสมัย');
    await upd.getByRole('button', { name: 'บันทึก' }).click();
    await expect(upd).toBeHidden();
    await expect(toast(b.page, 'แก้ไขหมวดหมู่บล็อกแล้ว')).toBeVisible();
    await expectToastClearOfTitle(b.page, toast(b.page, 'แก้ไขหมวดหมู่บล็อกแล้ว'));
    await expect(a.page.getByTestId('category-row').filter({ hasText: 'ขนมไทยร่วมสมัย' })).toBeVisible();

    // Delete from window A; the row leaves both windows.
    await a.page.getByRole('button', { name: 'ลบหมวดหมู่ ขนมไทยร่วมสมัย' }).click();
    const del = a.page.getByRole('dialog', { name: 'ลบหมวดหมู่' });
    await expect(del.getByText('คุณแน่ใจหรือไม่? การกระทำนี้ไม่สามารถย้อนกลับได้')).toBeVisible();
    await del.getByRole('button', { name: 'ลบ', exact: true }).click();
    await expect(del).toBeHidden();
    await expect(toast(a.page, 'ลบหมวดหมู่บล็อกแล้ว')).toBeVisible();
    await expect(rowsB).toHaveCount(3);
    await expect(badgeB).toHaveText('3');
    await screenshot(a.page, 'admin-categories-1280');
    expect(errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  test("refuses to delete or rename a category that has posts, with the admin's English toasts", async ({ page, consoleErrors }) => {
    await signInAdmin(page, '/blog-categories');
    await page.getByRole('button', { name: 'เปลี่ยนเป็นภาษาอังกฤษ (English)' }).click();
    await expect(page.getByRole('heading', { name: 'Blog Categories' })).toBeVisible();

    // 'baking-tips' holds the seeded butter article.
    const row = page.getByTestId('category-row').filter({ hasText: 'baking-tips' });
    // At 390 px nothing is pushed off the edge, in the longer English labels too: the profile link and each
    // row's buttons are on screen.
    await expect(page.getByRole('link', { name: "Administrator's profile" })).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('button', { name: /^Delete category/ })).toBeInViewport({ ratio: 1 });
    await row.getByRole('button', { name: /^Delete category/ }).click();
    const del = page.getByRole('dialog', { name: 'Delete category' });
    await expect(del.getByText("Are you sure? You can't undo this action afterwards.")).toBeVisible();
    await expect(del.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await del.getByRole('button', { name: 'Delete', exact: true }).click();
    const refused = toast(page, 'Unable to delete');
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('Sorry, you cannot delete the blog category while there are posts that relate to this blog category.');
    await expect(refused).toHaveAttribute('data-status', 'error');
    await expect(refused.locator('.mantine-Notification-closeButton')).toBeVisible();
    await screenshot(page, 'admin-unable-to-delete');
    await del.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: /^Edit category/ }).click();
    const upd = page.getByRole('dialog', { name: 'Update category' });
    await upd.getByLabel('Category Name').fill('Baking secrets');
    await upd.getByRole('button', { name: 'Save' }).click();
    const noUpdate = toast(page, 'Unable to update');
    await expect(noUpdate).toBeVisible();
    await expect(noUpdate).toContainText('Sorry, you cannot update the blog category while there are posts that relate to this blog category.');
    await upd.getByRole('button', { name: 'Close' }).click();
    await expect(row).toContainText('เคล็ดลับการอบขนม');

    // Closable (the 9000 ms duration is checked in tests/src/lib/toast.test.ts).
    await noUpdate.getByRole('button', { name: 'Close' }).click();
    await expect(noUpdate).toBeHidden();
    await page.getByRole('button', { name: 'เปลี่ยนเป็นภาษาไทย (Thai)' }).click();
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('a post with an uploaded image appears in /blog-admin and on the public /blog', async ({ page, browser, consoleErrors }) => {
    await signInAdmin(page);
    await screenshot(page, 'admin-blogs-390');
    await page.getByRole('link', { name: 'เพิ่ม', exact: true }).click();
    await expect(page).toHaveURL(/\/blog-add$/);
    await expect(page.getByRole('heading', { name: 'เพิ่มบทความ' })).toBeVisible();
    await expect(page.getByRole('link', { name: /กลับไปหน้าบล็อก/ })).toHaveAttribute('href', '/blog-admin');

    await page.getByRole('button', { name: 'บันทึก' }).click();
    await expect(page.getByText('กรุณากรอกชื่อเรื่อง')).toBeVisible();
    await expect(page.getByText('กรุณาเลือกหมวดหมู่')).toBeVisible();

    // A photo over the server's 5 MB is refused on the spot: nothing is sent.
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/method/upload_file')) uploads.push(r.url());
    });
    await page.getByTestId('post-image-input').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024) });
    await expect(page.getByRole('alert').filter({ hasText: 'รูปนี้มีขนาด 6 MB กรุณาเลือกรูปที่ไม่เกิน 5 MB' })).toBeVisible();
    expect(uploads).toEqual([]);
    await page.getByTestId('post-image-input').setInputFiles({ name: 'mango-sticky-rice.png', mimeType: 'image/png', buffer: await pngOf(page) });
    await expect(page.getByText('อัปโหลดรูปแล้ว')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    const preview = page.getByRole('img', { name: 'ตัวอย่างรูปภาพ' });
    await expect(preview).toHaveAttribute('src', /^\/files\/\w+\.png$/);
    const imageUrl = await preview.getAttribute('src');

    await page.getByLabel('ชื่อเรื่อง').fill('ข้าวเหนียวมะม่วงฉบับเบเกอรี่');
    const typed = 'มะม่วงน้ำดอกไม้สุกกำลังดี\nหวานหอม <b>ไม่ใส่สี</b>\n\nราดกะทิสดหอมใบเตย <script>alert(1)</script>';
    await page.getByLabel('เนื้อหา').fill(typed);
    await pickDay(page, page.getByLabel('วันที่'), '2024-06-01');
    await expect(page.getByLabel('วันที่')).toHaveValue('1 มิ.ย. 2567');
    await page.getByLabel('หมวดหมู่').selectOption({ label: 'เมนูแนะนำ' });
    await screenshot(page, 'admin-blog-add-390', { fullPage: true });
    await page.getByRole('button', { name: 'บันทึก' }).click();

    await expect(toast(page, 'สร้างบล็อกแล้ว')).toBeVisible();
    await expect(page).toHaveURL(/\/blog-admin$/);
    const row = page.getByTestId('post-row').filter({ hasText: 'ข้าวเหนียวมะม่วงฉบับเบเกอรี่' });
    await expect(row).toBeVisible();
    await expect(row.locator('img')).toHaveAttribute('src', imageUrl!);
    await expect(row.locator('img')).toHaveAttribute('width', '60');
    await expect(row.getByRole('link', { name: /^ดูบทความ/ })).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('link', { name: /^แก้ไขบทความ/ })).toBeInViewport({ ratio: 1 });
    await expect(row).toContainText('เมนูแนะนำ');
    await expect(page.getByTestId('count-Blog Post')).toHaveText('4');

    // View and Edit links.
    const name = (await row.locator('td').first().innerText()).trim();
    await row.getByRole('link', { name: /^ดูบทความ/ }).click();
    await expect(page).toHaveURL(new RegExp(`/blog-view/${encodeURIComponent(name)}$`));
    await expect(page.getByRole('heading', { name: 'ข้าวเหนียวมะม่วงฉบับเบเกอรี่' })).toBeVisible();
    await expect(page.locator('article, main').getByText('ราดกะทิสดหอมใบเตย')).toBeVisible();
    await page.getByRole('link', { name: 'แก้ไข' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog-edit/${encodeURIComponent(name)}$`));
    await expect(page.getByLabel('ชื่อเรื่อง')).toHaveValue('ข้าวเหนียวมะม่วงฉบับเบเกอรี่');
    // The editor shows what was typed, line breaks and typed tags as they were, not the HTML made of it.
    await expect(page.getByLabel('เนื้อหา')).toHaveValue(typed);
    // Saving an edit: the post's view shows the new text.
    await page.getByLabel('เนื้อหา').fill('มะม่วงน้ำดอกไม้สุกกำลังดี\n\nราดกะทิสดหอมใบเตย โรยงาคั่ว <script>alert(1)</script>');
    await page.getByRole('button', { name: 'บันทึก' }).click();
    await expect(toast(page, 'แก้ไขบล็อกแล้ว')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/blog-view/${encodeURIComponent(name)}$`));
    await expect(page.locator('article, main').getByText('ราดกะทิสดหอมใบเตย โรยงาคั่ว')).toBeVisible();

    // A visitor (no sign-in) sees it on the public blog, with its image.
    const visitor = await browser.newContext({ baseURL: BASE_URL, viewport: VIEWPORT, serviceWorkers: 'block' });
    const v = await visitor.newPage();
    await v.goto('/blog');
    const card = v.getByTestId('post-card').filter({ hasText: 'ข้าวเหนียวมะม่วงฉบับเบเกอรี่' });
    await expect(card).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', imageUrl!);
    await card.click();
    await expect(v.getByRole('heading', { level: 1, name: 'ข้าวเหนียวมะม่วงฉบับเบเกอรี่' })).toBeVisible();
    await expect(v.getByText('<script>alert(1)</script>')).toBeVisible(); // shown as typed, never run
    await expect(v.locator('main script')).toHaveCount(0);
    await visitor.close();

    // Deleting asks first; confirmed, the post is gone from the list.
    await page.getByRole('link', { name: 'แก้ไข' }).click();
    await page.getByRole('button', { name: 'ลบบทความ' }).click();
    const confirm = page.getByRole('dialog', { name: 'ลบบทความ' });
    await expect(confirm.getByText('คุณแน่ใจหรือไม่? การกระทำนี้ไม่สามารถย้อนกลับได้')).toBeVisible();
    await confirm.getByRole('button', { name: 'ยกเลิก' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'ลบบทความ' }).click();
    await confirm.getByRole('button', { name: 'ลบ', exact: true }).click();
    await expect(toast(page, 'ลบบล็อกแล้ว')).toBeVisible();
    await expect(page).toHaveURL(/\/blog-admin$/);
    await expect(page.getByTestId('post-row').filter({ hasText: 'ข้าวเหนียวมะม่วงฉบับเบเกอรี่' })).toHaveCount(0);
    await expect(page.getByTestId('count-Blog Post')).toHaveText('3');
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('a signed-in account without an admin role is turned away, and the profile link leads to /app', async ({ page, browser }) => {
    // A marketing visitor account (our own sign-up method) is not an admin.
    const visitor = await browser.newContext({ baseURL: BASE_URL, viewport: VIEWPORT, serviceWorkers: 'block' });
    const v = await visitor.newPage();
    const res = await v.request.post('/api/method/member_rewards.marketing.sign_up', {
      data: { username: 'cake.lover', email: 'cake.lover@example.com', password: 'sweet-tooth-1' },
    });
    expect(res.status()).toBe(200);
    await v.goto('/blog-categories');
    await expect(v.getByRole('heading', { name: 'ไม่มีสิทธิ์เข้าถึง' })).toBeVisible();
    await expect(v.getByTestId('category-row')).toHaveCount(0);
    await screenshot(v, 'admin-not-permitted');
    await visitor.close();

    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAdmin(page);
    await screenshot(page, 'admin-blogs-1280');
    await page.getByRole('link', { name: 'โปรไฟล์ของ Administrator' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('heading', { name: 'โปรไฟล์ผู้ดูแล' })).toBeVisible();
    await expect(page.getByText(ADMIN_EMAIL)).toBeVisible();
    await screenshot(page, 'admin-profile-1280');
  });
});
