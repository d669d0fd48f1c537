import type { MessageKey } from '@/lib/i18n';

/**
 * Sample marketing content: the bakery site's product cards, variants and reviews are sample data, not real entities.
 * Names and descriptions are content in both languages; interface text lives in the catalogue.
 */
export interface Localized {
  th: string;
  en: string;
}

export type ProductCategory = 'cake' | 'pastry' | 'cookie' | 'bread';

export const CATEGORY_LABELS: Record<ProductCategory, MessageKey> = {
  cake: 'marketing.catCake',
  pastry: 'marketing.catPastry',
  cookie: 'marketing.catCookie',
  bread: 'marketing.catBread',
};

export interface Product {
  id: string;
  name: Localized;
  description: Localized;
  category: ProductCategory;
  /** Baht, for one pound when the product comes in sizes. */
  price: number;
  popularity: number;
  /** ISO date it joined the menu (Newest sort). */
  added: string;
  image: string;
  /** Cakes come in 1-3 pounds and several flavours. */
  sized: boolean;
}

export const FLAVORS = [
  { id: 'vanilla', th: 'วานิลลา', en: 'Vanilla' },
  { id: 'chocolate', th: 'ช็อกโกแลต', en: 'Chocolate' },
  { id: 'coconut', th: 'มะพร้าว', en: 'Coconut' },
  { id: 'coffee', th: 'กาแฟ', en: 'Coffee' },
] as const;
/** The additional-information tab lists two more flavours made to order. */
export const INFO_FLAVORS: Localized = {
  th: 'วานิลลา, ช็อกโกแลต, มะพร้าว, กาแฟ, ส้ม, ใบเตย',
  en: 'Vanilla, Chocolate, Coconut, Coffee, Orange, Pandan',
};
export const SIZES = [1, 2, 3] as const;
export type Size = (typeof SIZES)[number];

/** 2 and 3 pounds cost less per pound: 280 → 520 → 750 (the sample range 280.00 to 750.00). */
export function priceFor(product: Product, size: Size): number {
  if (!product.sized || size === 1) return product.price;
  const factor = size === 2 ? 1.86 : 2.68;
  return Math.floor((product.price * factor) / 10) * 10;
}

export const PRICE_MIN = 280;
export const PRICE_MAX = 900;

export const PRODUCTS: Product[] = [
  { id: 'birthday-cake', name: { th: 'เค้กวันเกิดเนยสด', en: 'Fresh-cream birthday cake' }, description: { th: 'เค้กชิฟฟอนนุ่มกับครีมเนยสด เลือกรสและขนาดได้ พร้อมเขียนข้อความ', en: 'Soft chiffon with fresh butter cream, in your choice of flavour and size, with a message.' }, category: 'cake', price: 280, popularity: 99, added: '2024-02-14', image: '/images/marketing/cake-birthday.svg', sized: true },
  { id: 'strawberry-cake', name: { th: 'เค้กสตรอว์เบอร์รีเนยสด', en: 'Strawberry fresh-cream cake' }, description: { th: 'สตรอว์เบอร์รีสดจากดอยกับครีมเบา ๆ', en: 'Mountain strawberries with light cream.' }, category: 'cake', price: 500, popularity: 97, added: '2024-03-01', image: '/images/marketing/cake-vanilla.svg', sized: true },
  { id: 'chocolate-fudge', name: { th: 'เค้กช็อกโกแลตฟัดจ์', en: 'Chocolate fudge cake' }, description: { th: 'ช็อกโกแลตเข้มข้น 70% ราดฟัดจ์อุ่น', en: 'Rich 70% chocolate with a warm fudge glaze.' }, category: 'cake', price: 550, popularity: 94, added: '2023-11-10', image: '/images/marketing/cake-chocolate.svg', sized: true },
  { id: 'coconut-cake', name: { th: 'เค้กมะพร้าวอ่อน', en: 'Young coconut cake' }, description: { th: 'เนื้อมะพร้าวอ่อนกับครีมหวานน้อย', en: 'Young coconut flesh with a lightly sweet cream.' }, category: 'cake', price: 480, popularity: 90, added: '2024-01-20', image: '/images/marketing/cake-coconut.svg', sized: true },
  { id: 'pandan-cake', name: { th: 'เค้กใบเตยสังขยา', en: 'Pandan custard cake' }, description: { th: 'ใบเตยหอมกับสังขยาไข่สด', en: 'Fragrant pandan with fresh-egg custard.' }, category: 'cake', price: 450, popularity: 76, added: '2024-04-10', image: '/images/marketing/cake-pandan.svg', sized: true },
  { id: 'coffee-cake', name: { th: 'เค้กกาแฟดอยช้าง', en: 'Doi Chang coffee cake' }, description: { th: 'กาแฟคั่วกลางจากดอยช้างกับครีมมอคค่า', en: 'Medium-roast Doi Chang coffee with mocha cream.' }, category: 'cake', price: 520, popularity: 70, added: '2023-08-15', image: '/images/marketing/cake-coffee.svg', sized: true },
  { id: 'orange-cake', name: { th: 'เค้กส้มสายน้ำผึ้ง', en: 'Sai Nam Phueng orange cake' }, description: { th: 'ส้มสายน้ำผึ้งสดกับเนื้อเค้กเนย', en: 'Fresh Sai Nam Phueng oranges on a butter sponge.' }, category: 'cake', price: 420, popularity: 60, added: '2023-06-01', image: '/images/marketing/cake-orange.svg', sized: true },
  { id: 'party-cake', name: { th: 'เค้กปาร์ตี้ช็อกโกแลตเบอร์รี', en: 'Chocolate berry party cake' }, description: { th: 'เค้กชั้นใหญ่สำหรับงานเลี้ยง', en: 'A tall layered cake for parties.' }, category: 'cake', price: 900, popularity: 50, added: '2024-06-01', image: '/images/marketing/cake-chocolate.svg', sized: false },
  { id: 'croissant-box', name: { th: 'ครัวซองต์เนยแท้ (6 ชิ้น)', en: 'Pure-butter croissants (6)' }, description: { th: 'พับแป้ง 27 ชั้นด้วยเนยฝรั่งเศส', en: '27 layers folded with French butter.' }, category: 'pastry', price: 390, popularity: 92, added: '2024-05-01', image: '/images/marketing/croissant.svg', sized: false },
  { id: 'cookie-jar', name: { th: 'คุกกี้เนยสด (กระปุก)', en: 'Butter cookie jar' }, description: { th: 'คุกกี้เนยสดกับช็อกโกแลตชิป', en: 'Butter cookies with chocolate chips.' }, category: 'cookie', price: 320, popularity: 85, added: '2023-12-01', image: '/images/marketing/cookies.svg', sized: false },
  { id: 'macaron-box', name: { th: 'มาการง (10 ชิ้น)', en: 'Macarons (10)' }, description: { th: 'อัลมอนด์ฝรั่งเศส 5 รส', en: 'French almond macarons in five flavours.' }, category: 'cookie', price: 600, popularity: 65, added: '2024-05-20', image: '/images/marketing/macarons.svg', sized: false },
  { id: 'cupcake-set', name: { th: 'คัพเค้กชุดปาร์ตี้ (6 ชิ้น)', en: 'Party cupcakes (6)' }, description: { th: 'คัพเค้กวานิลลาแต่งครีมสามสี', en: 'Vanilla cupcakes with cream in three colours.' }, category: 'cookie', price: 350, popularity: 55, added: '2023-09-09', image: '/images/marketing/cupcakes.svg', sized: false },
  { id: 'sourdough', name: { th: 'ขนมปังซาวร์โดว์', en: 'Sourdough loaf' }, description: { th: 'หมักธรรมชาติ 36 ชั่วโมง', en: 'Naturally leavened for 36 hours.' }, category: 'bread', price: 280, popularity: 58, added: '2024-03-20', image: '/images/marketing/bread.svg', sized: false },
];

export const productById = (id: string | undefined) => PRODUCTS.find((p) => p.id === id);

export const SIGNATURE_IDS = ['croissant-box', 'strawberry-cake', 'chocolate-fudge', 'cookie-jar'] as const;

export type SortKey = 'popular' | 'rating' | 'newest' | 'price-asc' | 'price-desc';
export const SORTS: { key: SortKey; label: MessageKey }[] = [
  { key: 'popular', label: 'marketing.sortPopular' },
  { key: 'rating', label: 'marketing.sortRating' },
  { key: 'newest', label: 'marketing.sortNewest' },
  { key: 'price-asc', label: 'marketing.sortPriceAsc' },
  { key: 'price-desc', label: 'marketing.sortPriceDesc' },
];

/** A product's rating: the average of its reviews, with how many there are. */
export interface ProductRating {
  average: number;
  count: number;
}

/** Ratings come from reviews only: a product nobody reviewed has none (never a made-up number). */
export function ratingsOf(reviews: readonly { productId: string; rating: number }[]): Map<string, ProductRating> {
  const sums = new Map<string, { sum: number; count: number }>();
  for (const r of reviews) {
    const s = sums.get(r.productId) ?? { sum: 0, count: 0 };
    sums.set(r.productId, { sum: s.sum + r.rating, count: s.count + 1 });
  }
  return new Map([...sums].map(([id, s]) => [id, { average: s.sum / s.count, count: s.count }]));
}

export interface ProductFilter {
  q?: string;
  category?: ProductCategory;
  min?: number;
  max?: number;
  sort?: SortKey;
}

/**
 * The product list: search (either language), category, price range, then one of the five sorts. Best rating
 * puts reviewed products first, by their average; the others follow by popularity.
 */
export function filterProducts(products: readonly Product[], f: ProductFilter, ratings: ReadonlyMap<string, ProductRating> = new Map()): Product[] {
  const average = (p: Product) => ratings.get(p.id)?.average ?? -1;
  const q = f.q?.trim().toLowerCase() ?? '';
  const min = f.min ?? PRICE_MIN;
  const max = f.max ?? PRICE_MAX;
  const list = products.filter(
    (p) =>
      (!q || p.name.th.toLowerCase().includes(q) || p.name.en.toLowerCase().includes(q)) &&
      (!f.category || p.category === f.category) &&
      p.price >= min &&
      p.price <= max,
  );
  const by: Record<SortKey, (a: Product, b: Product) => number> = {
    popular: (a, b) => b.popularity - a.popularity,
    rating: (a, b) => average(b) - average(a) || b.popularity - a.popularity,
    newest: (a, b) => b.added.localeCompare(a.added),
    'price-asc': (a, b) => a.price - b.price || a.id.localeCompare(b.id),
    'price-desc': (a, b) => b.price - a.price || a.id.localeCompare(b.id),
  };
  return list.sort(by[f.sort ?? 'popular']);
}

/** Counts per category for the sidebar, with the search and price filters applied (not the category). */
export function categoryCounts(products: readonly Product[], f: ProductFilter): Record<ProductCategory, number> {
  const base = filterProducts(products, { ...f, category: undefined });
  const counts: Record<ProductCategory, number> = { cake: 0, pastry: 0, cookie: 0, bread: 0 };
  for (const p of base) counts[p.category] += 1;
  return counts;
}

export const HERO_SLIDES = [
  { image: '/images/marketing/hero-cake.svg', title: 'marketing.slide1Title', text: 'marketing.slide1Text', cta: 'marketing.slide1Cta', to: '/product' },
  { image: '/images/marketing/hero-croissant.svg', title: 'marketing.slide2Title', text: 'marketing.slide2Text', cta: 'marketing.slide2Cta', to: '/blog' },
  { image: '/images/marketing/hero-coffee.svg', title: 'marketing.slide3Title', text: 'marketing.slide3Text', cta: 'marketing.slide3Cta', to: '/branch' },
] as const satisfies readonly { image: string; title: MessageKey; text: MessageKey; cta: MessageKey; to: string }[];
export const SLIDE_INTERVAL_MS = 8000;

export const BRANCH_IMAGES = ['/images/marketing/branch-siam.svg', '/images/marketing/branch-chiangmai.svg'];

export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'LINE', href: 'https://line.me/' },
] as const;
