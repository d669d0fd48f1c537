import type { Executor } from '../db/client';
import { blogCategories, blogPosts } from '../db/schema/content';
import { branches } from '../db/schema/orders';
import { BRANCHES } from './constants';
import { sanitizeRichText } from '../modules/content/sanitize';

/** Two branches, both open 08:00-17:30 daily (skipped if another domain's seed already made them). */
export const BRANCH_ROWS = [
  {
    name: BRANCHES[0],
    branch: BRANCHES[0],
    address: '991 ถนนพระรามที่ 1 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330',
    opening_hours: '08:00-17:30',
    phone: '02-123-4567',
  },
  {
    name: BRANCHES[1],
    branch: BRANCHES[1],
    address: '45 ถนนนิมมานเหมินท์ ตำบลสุเทพ อำเภอเมืองเชียงใหม่ เชียงใหม่ 50200',
    opening_hours: '08:00-17:30',
    phone: '053-123-456',
  },
];

export const BLOG_CATEGORIES = [
  { name: 'baking-tips', title: 'เคล็ดลับการอบขนม' },
  { name: 'news', title: 'ข่าวสารและโปรโมชั่น' },
  { name: 'recommended-menu', title: 'เมนูแนะนำ' },
];

export const BLOG_POSTS = [
  {
    name: 'pure-butter',
    title: 'เนยแท้ต่างจากเนยผสมอย่างไร',
    blog_category: 'baking-tips',
    meta_image: '/images/blog/butter.svg',
    published_on: '2024-01-12',
    content: `<p>เนยคือหัวใจของขนมอบทุกชิ้นในร้านของเรา กลิ่นหอมและเนื้อสัมผัสที่ละลายในปากมาจากไขมันเนยล้วน ๆ</p>
<h3>เนยแท้ต้องมีไขมันเนยมากกว่า 80%</h3>
<p>ตามมาตรฐานสากล เนยแท้ (pure butter) ต้องมีไขมันเนยมากกว่า 80% ของน้ำหนัก ส่วนที่เหลือคือน้ำและโปรตีนจากนมเล็กน้อย เนยผสมหรือมาการีนใช้ไขมันพืชแทนบางส่วน จึงหอมน้อยกว่าและละลายที่อุณหภูมิต่างกัน</p>
<ul><li>ดูฉลาก: ต้องระบุว่า "ไขมันเนย" ไม่ใช่ "ไขมันพืช"</li><li>เนยแท้มีสีเหลืองอ่อนตามธรรมชาติ</li><li>เก็บในตู้เย็นและใช้ให้หมดภายใน 1 เดือนหลังเปิด</li></ul>
<p>ครัวซองต์และคุกกี้ของเราใช้เนยแท้ทั้งหมด ไม่ผสมมาการีน</p>`,
  },
  {
    name: 'birthday-cake-guide',
    title: 'เลือกเค้กวันเกิดให้ถูกใจทุกคนในงาน',
    blog_category: 'recommended-menu',
    meta_image: '/images/blog/birthday-cake.svg',
    published_on: '2024-02-03',
    content: `<p>เค้กวันเกิดขนาด 1 ปอนด์ เสิร์ฟได้ประมาณ 6-8 ชิ้น ขนาด 2 ปอนด์ 12-16 ชิ้น และ 3 ปอนด์ 20-24 ชิ้น</p>
<h3>รสชาติยอดนิยม</h3>
<ol><li>วานิลลาเนยสด: หอมนุ่ม เด็ก ๆ ชอบ</li><li>ช็อกโกแลตฟัดจ์: เข้มข้นสำหรับคอช็อกโกแลต</li><li>มะพร้าวอ่อน: หวานน้อย สดชื่น</li></ol>
<p>สั่งล่วงหน้าอย่างน้อย 1 วันเพื่อเขียนข้อความบนเค้ก สมาชิกรับส่วนลดพิเศษในเดือนเกิด</p>`,
  },
  {
    name: 'chiang-mai-branch',
    title: 'เปิดแล้ว! สาขาเชียงใหม่ ถนนนิมมานเหมินท์',
    blog_category: 'news',
    meta_image: '/images/blog/croissant.svg',
    published_on: '2024-03-15',
    content: `<p>เราเปิดสาขาใหม่ที่เชียงใหม่แล้ว เปิดทุกวัน 08:00 - 17:30 น. พร้อมเมนูครัวซองต์อบสดทุกเช้าและกาแฟจากดอยช้าง</p>
<p>สมาชิกสะสมคะแนนและแลกของรางวัลได้ทุกสาขา</p>`,
  },
];

/** Demo blog: three categories, three published posts with images in public/images/blog/, and the branches. */
export async function seedBlog(tx: Executor): Promise<void> {
  await tx.insert(branches).values(BRANCH_ROWS).onConflictDoNothing();
  await tx.insert(blogCategories).values(BLOG_CATEGORIES).onConflictDoNothing();
  await tx
    .insert(blogPosts)
    .values(BLOG_POSTS.map((p) => ({ ...p, content: sanitizeRichText(p.content), blogger: 'Administrator', published: true })))
    .onConflictDoNothing();
}
