import type { Executor } from '../db/client';
import { items } from '../db/schema/catalog';
import { branches } from '../db/schema/orders';
import { BRANCHES } from './constants';

type NewItem = typeof items.$inferInsert;

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

const terms = (lines: string[]) => `<ul>${lines.map((l) => `<li>${l}</li>`).join('')}</ul>`;

/** Rewards priced in points (item groups 'Gift' and 'Gift Card'): several within the demo member's 24 points, some not. */
function rewards(): NewItem[] {
  const gift = (code: string, name: string, points: number, value: number, image: string, text: string, extra: Partial<NewItem> = {}): NewItem => ({
    name: code,
    item_code: code,
    item_name: name,
    item_group: 'Gift',
    website_image: `/images/items/${image}.svg`,
    description: `<p>${text}</p>${terms(['แลกรับได้ที่สาขาที่เลือกไว้เท่านั้น', 'แสดงรหัสคูปองให้พนักงานสแกนเพื่อรับของรางวัล', 'ของรางวัลมีจำนวนจำกัด'])}`,
    price_list_rate: value,
    loyalty_points_based_price: points,
    tags: ['Gift'],
    item_schedule_start: day(-30),
    item_schedule_end: day(365),
    ...extra,
  });
  const card = (code: string, name: string, points: number, value: number, image: string, text: string, extra: Partial<NewItem> = {}): NewItem => ({
    name: code,
    item_code: code,
    item_name: name,
    item_group: 'Gift Card',
    website_image: `/images/items/${image}.svg`,
    description: `<p>${text}</p>${terms(['ใช้ได้ 1 ครั้งต่อ 1 ใบเสร็จ', 'ไม่สามารถแลกเปลี่ยนเป็นเงินสดได้'])}`,
    price_list_rate: value,
    loyalty_points_based_price: points,
    tags: ['Gift Card'],
    item_schedule_start: day(-15),
    item_schedule_end: day(180),
    ...extra,
  });
  return [
    gift('GIFT-KEYCHAIN', 'พวงกุญแจสมาชิก', 10, 99, 'keychain', 'พวงกุญแจซิลิโคนลายพิเศษสำหรับสมาชิก', { popularity: 60 }),
    gift('GIFT-TOTE', 'กระเป๋าผ้ารักษ์โลก', 15, 190, 'tote', 'กระเป๋าผ้าแคนวาสใบใหญ่ พับเก็บได้ ใช้แทนถุงพลาสติก', { popularity: 90 }),
    gift('GIFT-TUMBLER', 'แก้วน้ำเก็บอุณหภูมิ', 20, 290, 'tumbler', 'แก้วสแตนเลสสองชั้น เก็บความเย็นได้นาน 12 ชั่วโมง', { popularity: 120, tags: ['Gift', 'Gift Card'] }),
    gift('GIFT-CAP', 'หมวกแก๊ปรุ่นพิเศษ', 24, 250, 'cap', 'หมวกแก๊ปผ้าฝ้าย ปรับขนาดได้', { popularity: 70 }),
    gift('GIFT-UMBRELLA', 'ร่มพับกันยูวี', 35, 320, 'umbrella', 'ร่มพับ 3 ตอน เคลือบกันรังสียูวี', { popularity: 50, item_schedule_start: null, item_schedule_end: null }),
    gift('GIFT-COOLER', 'กระเป๋าเก็บความเย็น', 40, 350, 'cooler', 'กระเป๋าเก็บความเย็นขนาดพกพา มูลค่า 350 บาท', { popularity: 100 }),
    gift('GIFT-TOWEL', 'ผ้าขนหนูนาโน', 60, 450, 'towel', 'ผ้าขนหนูเนื้อนุ่ม แห้งไว ขนาด 70x140 ซม.', { popularity: 40 }),
    gift('GIFT-SPEAKER', 'ลำโพงบลูทูธพกพา', 120, 1290, 'speaker', 'ลำโพงบลูทูธกันน้ำ เล่นต่อเนื่อง 10 ชั่วโมง', { popularity: 80 }),
    // Outside their schedule: hidden by the app's schedule rule, refused by place_order.
    gift('GIFT-SOCKS', 'ถุงเท้าลายเทศกาล', 12, 120, 'socks', 'ถุงเท้าลายเทศกาลกลางปี (หมดเขตแล้ว)', { item_schedule_start: day(-60), item_schedule_end: day(-1), popularity: 5 }),
    gift('GIFT-NEWYEAR', 'ของขวัญปีใหม่', 18, 200, 'tote', 'ของขวัญปีใหม่ (เริ่มแลกเร็ว ๆ นี้)', { item_schedule_start: day(30), item_schedule_end: day(90), popularity: 5 }),
    card('GC-DISCOUNT-50', 'คูปองส่วนลด 50 บาท', 10, 50, 'coupon-50', 'คูปองส่วนลด 50 บาท เมื่อซื้อสินค้าครบ 300 บาท', { popularity: 110 }),
    card('GC-FREESHIP', 'คูปองส่งฟรี', 15, 59, 'coupon-ship', 'คูปองค่าจัดส่งฟรี สำหรับการสั่งซื้อออนไลน์', { popularity: 95 }),
    card('GC-DISCOUNT-100', 'คูปองส่วนลด 100 บาท', 20, 100, 'coupon-100', 'คูปองส่วนลด 100 บาท เมื่อซื้อสินค้าครบ 500 บาท', { popularity: 85 }),
    card('GC-DISCOUNT-300', 'คูปองส่วนลด 300 บาท', 55, 300, 'coupon-300', 'คูปองส่วนลด 300 บาท เมื่อซื้อสินค้าครบ 1,500 บาท', { popularity: 65 }),
    // Tagged for another display: hidden in the Gift Card carousel by the tag rule.
    card('GC-BIRTHDAY', 'คูปองวันเกิดลด 50%', 30, 500, 'coupon-birthday', 'คูปองวันเกิด ลด 50% สูงสุด 500 บาท', { tags: ['Birthday'], popularity: 30 }),
  ];
}

const COLOURS = ['orange', 'black', 'purple', 'green', 'brown'] as const;
const COLOUR_TH: Record<(typeof COLOURS)[number], string> = { orange: 'สีส้ม', black: 'สีดำ', purple: 'สีม่วง', green: 'สีเขียว', brown: 'สีน้ำตาล' };

/** Ordinary products for the shop (priced in baht, 0-1000), with the attributes its filters use. */
function products(): NewItem[] {
  const kinds = [
    { code: 'TEE', th: 'เสื้อยืดคอกลม', type: 'upper clothing', image: 'shirt', group: 'Clothing', prices: [199, 249, 290] },
    { code: 'POLO', th: 'เสื้อโปโล', type: 'upper clothing', image: 'shirt', group: 'Clothing', prices: [390, 450] },
    { code: 'SHORTS', th: 'กางเกงขาสั้น', type: 'lower clothing', image: 'shorts', group: 'Clothing', prices: [259, 299] },
    { code: 'SKIRT', th: 'กระโปรงพลีท', type: 'skirt', image: 'skirt', group: 'Clothing', prices: [350, 490] },
    { code: 'PANTS', th: 'กางเกงขายาว', type: 'pants', image: 'pants', group: 'Clothing', prices: [590, 690] },
    { code: 'SNEAKER', th: 'รองเท้าผ้าใบ', type: 'shoes', image: 'shoes', group: 'Shoes', prices: [890, 990] },
  ];
  const out: NewItem[] = [];
  let n = 0;
  for (const k of kinds) {
    COLOURS.forEach((colour, ci) => {
      if ((ci + k.code.length) % 4 === 3) return; // not every colour of every kind
      n += 1;
      const price = k.prices[(ci + n) % k.prices.length]!;
      const sizes = k.type === 'shoes' ? ['38', '39', '40', '41'] : ['36', '37', '38', '39', '40', '41'].slice(ci % 3, (ci % 3) + 4);
      const code = `${k.code}-${colour.toUpperCase()}`;
      out.push({
        name: code,
        item_code: code,
        item_name: `${k.th} ${COLOUR_TH[colour]}`,
        item_group: k.group,
        website_image: `/images/items/${k.image}-${colour}.svg`,
        description: `<p>${k.th} ${COLOUR_TH[colour]} ผ้านุ่ม ใส่สบาย</p><p>ไซซ์: ${sizes.join(', ')}</p>`,
        price_list_rate: price,
        tags: [],
        attributes: [`type:${k.type}`, `colour:${colour}`, ...sizes.map((s) => `size:${s}`)],
        popularity: (n * 37) % 100,
        in_stock: n % 11 !== 0,
      });
    });
  }
  return out;
}

/** The demo catalogue (rewards and products, with images under public/images/items/) and the branches. */
export async function seedCatalog(tx: Executor): Promise<void> {
  const all = [...rewards(), ...products()];
  const base = Date.now() - all.length * 3600_000;
  await tx.insert(items).values(
    all.map((item, i) => {
      const at = new Date(base + i * 3600_000).toISOString().replace('T', ' ').replace('Z', '');
      return { ...item, creation: at, modified: at };
    }),
  );
  const facts: Record<string, { address: string; phone: string }> = {
    สาขาสยาม: { address: '991 ถนนพระรามที่ 1 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330', phone: '02-000-0001' },
    สาขาเชียงใหม่: { address: '99 ถนนห้วยแก้ว ตำบลสุเทพ อำเภอเมืองเชียงใหม่ เชียงใหม่ 50200', phone: '053-000-002' },
  };
  await tx.insert(branches).values(
    BRANCHES.map((name, i) => {
      // Listed in this order (the first is the staff user's branch).
      const at = new Date(base - (BRANCHES.length - i) * 60_000).toISOString().replace('T', ' ').replace('Z', '');
      return { name, branch: name, address: facts[name]?.address ?? '', phone: facts[name]?.phone ?? null, opening_hours: '08:00-17:30', creation: at, modified: at };
    }),
  );
}
