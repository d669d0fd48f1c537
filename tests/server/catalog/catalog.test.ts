import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, Session, serverMessage, type TestServer } from '../../support/server';
import { items } from '../../../server/db/schema/catalog';

let server: TestServer;
let guest: Session;
const BULK = 2500;

beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
  guest = new Session(server.app);
  // Thousands of items: every 250th mentions a word nothing else has.
  const rows = Array.from({ length: BULK }, (_, i) => ({
    name: `BULK-${String(i).padStart(5, '0')}`,
    item_code: `BULK-${String(i).padStart(5, '0')}`,
    item_name: i % 250 === 0 ? `สินค้าพิเศษ needle ${i}` : `สินค้าทดสอบ ${i}`,
    item_group: 'Bulk',
    price_list_rate: (i * 7) % 1000,
    attributes: [`type:${i % 2 ? 'shoes' : 'pants'}`, `size:${36 + (i % 6)}`, `colour:${['orange', 'black'][i % 2]}`],
    popularity: i % 100,
  }));
  for (let i = 0; i < rows.length; i += 500) await server.database.db.insert(items).values(rows.slice(i, i + 500));
  await server.database.db.insert(items).values({ name: 'HIDDEN-1', item_code: 'HIDDEN-1', item_name: 'ไม่เผยแพร่ needle', item_group: 'Bulk', published: false });
}, 120_000);
afterAll(() => server.close());

const list = async (query_args: Record<string, unknown>, verb: 'GET' | 'POST' = 'GET') => {
  const res = await guest.call('erpnext.e_commerce.api.get_product_filter_data', { query_args }, verb);
  return res;
};

describe('get_product_filter_data', () => {
  it('lets a guest read the catalogue with the item fields the app reads and baht prices', async () => {
    const res = await list({ item_group: 'Gift', field_filters: {}, attribute_filters: {}, start: 0, from_filters: false });
    expect(res.statusCode).toBe(200);
    const { items: rows, items_count } = res.json().message;
    expect(items_count).toBe(10);
    expect(rows.every((r: { item_group: string }) => r.item_group === 'Gift')).toBe(true);
    const speaker = rows.find((r: { item_code: string }) => r.item_code === 'GIFT-SPEAKER');
    expect(speaker).toMatchObject({
      name: 'GIFT-SPEAKER',
      item_name: 'ลำโพงบลูทูธพกพา',
      website_image: '/images/items/speaker.svg',
      price_list_rate: 1290,
      formatted_price: '฿ 1,290.00',
      loyalty_points_based_price: 120,
      tags: ['Gift'],
    });
    expect(speaker.desc).toContain('<p>');
    expect(speaker.item_schedule_start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('accepts query_args as a JSON string in a GET and as an object in a POST', async () => {
    const get = await guest.request({ method: 'GET', url: '/api/method/erpnext.e_commerce.api.get_product_filter_data', query: { query_args: JSON.stringify({ item_group: 'Gift Card' }), name: 'x' } });
    const post = await list({ item_group: 'Gift Card' }, 'POST');
    expect(get.json().message.items.map((i: { name: string }) => i.name)).toEqual(post.json().message.items.map((i: { name: string }) => i.name));
    expect(get.json().message.items_count).toBe(5);
  });

  it('pages through thousands of items, 20 at a time, without repeats', async () => {
    const seen = new Set<string>();
    const first = (await list({ item_group: 'Bulk', sort: 'newest' })).json().message;
    expect(first.items).toHaveLength(20);
    expect(first.items_count).toBe(BULK);
    for (const i of first.items) seen.add(i.name);
    const second = (await list({ item_group: 'Bulk', sort: 'newest', start: 20 })).json().message;
    for (const i of second.items) seen.add(i.name);
    expect(seen.size).toBe(40);
    const last = (await list({ item_group: 'Bulk', sort: 'newest', start: BULK - 5 })).json().message;
    expect(last.items).toHaveLength(5);
    const beyond = (await list({ item_group: 'Bulk', start: BULK + 100 })).json().message;
    expect(beyond.items).toHaveLength(0);
    expect(beyond.items_count).toBe(BULK);
    const reset = (await list({ item_group: 'Bulk', sort: 'newest', start: 60, from_filters: true })).json().message;
    expect(reset.items.map((i: { name: string }) => i.name)).toEqual(first.items.map((i: { name: string }) => i.name));
  });

  it('searches names among thousands of items and never shows unpublished ones', async () => {
    const res = (await list({ search: 'needle', page_length: 100 })).json().message;
    expect(res.items_count).toBe(BULK / 250);
    expect(res.items.every((i: { item_name: string }) => i.item_name.includes('needle'))).toBe(true);
    expect(res.items.some((i: { name: string }) => i.name === 'HIDDEN-1')).toBe(false);
    const thai = (await list({ search: 'กระเป๋า' })).json().message;
    expect(thai.items.map((i: { item_code: string }) => i.item_code).sort()).toEqual(['GIFT-COOLER', 'GIFT-TOTE']);
    // LIKE wildcards in a search are plain characters.
    const percent = (await list({ search: '%' })).json().message.items;
    expect(percent.map((i: { item_code: string }) => i.item_code)).toEqual(['GC-BIRTHDAY']);
    expect((await list({ search: '_' })).json().message.items_count).toBe(0);
  });

  it('sorts by price both ways, newest and best seller', async () => {
    const asc = (await list({ item_group: 'Clothing', sort: 'price_asc', page_length: 100 })).json().message.items.map((i: { price_list_rate: number }) => i.price_list_rate);
    expect(asc.length).toBeGreaterThan(5);
    expect(asc).toEqual([...asc].sort((a: number, b: number) => a - b));
    const desc = (await list({ item_group: 'Clothing', sort: 'price_desc', page_length: 100 })).json().message.items.map((i: { price_list_rate: number }) => i.price_list_rate);
    expect(desc).toEqual([...asc].reverse());
    const newest = (await list({ item_group: 'Bulk', sort: 'newest' })).json().message.items;
    expect(newest[0].name).not.toBe(undefined);
    const best = await list({ item_group: 'Gift', sort: 'best_seller' });
    expect(best.statusCode).toBe(200);
    const bad = await list({ sort: 'cheapest' });
    expect(bad.statusCode).toBe(417);
    expect(serverMessage(bad.json())).toContain('sort must be one of');
  });

  it('filters by attributes (any value within one, all of them together) and by a price range', async () => {
    const shoes41 = (await list({ attribute_filters: { type: ['shoes'], size: ['41'] }, page_length: 100, item_group: 'Shoes' })).json().message;
    expect(shoes41.items.length).toBeGreaterThan(0);
    for (const i of shoes41.items) {
      expect(i.attributes).toContain('type:shoes');
      expect(i.attributes).toContain('size:41');
    }
    const colours = (await list({ item_group: 'Clothing', attribute_filters: { colour: ['black', 'green'] }, page_length: 100 })).json().message;
    expect(colours.items.every((i: { attributes: string[] }) => i.attributes.includes('colour:black') || i.attributes.includes('colour:green'))).toBe(true);
    const ranged = (await list({ item_group: 'Clothing', price_min: 300, price_max: 500, page_length: 100 })).json().message;
    expect(ranged.items.length).toBeGreaterThan(0);
    expect(ranged.items.every((i: { price_list_rate: number }) => i.price_list_rate >= 300 && i.price_list_rate <= 500)).toBe(true);
    const facets = (await list({ item_group: 'Clothing', with_filters: 1 })).json().message.filters;
    expect(facets.attribute_filters.find((f: { attribute: string }) => f.attribute === 'size').values).toEqual(['36', '37', '38', '39', '40', '41']);
    expect(facets.price_range.min).toBeGreaterThan(0);
    expect(facets.price_range.max).toBeLessThanOrEqual(1000);
  });

  it('keeps rewards apart with field_filters and refuses fields it does not know', async () => {
    const rewards = (await list({ field_filters: { loyalty_points_based_price: 1 }, page_length: 100 })).json().message;
    expect(rewards.items_count).toBe(15);
    expect(rewards.items.every((i: { loyalty_points_based_price: number }) => i.loyalty_points_based_price > 0)).toBe(true);
    const groups = (await list({ field_filters: { item_group: ['Gift', 'Gift Card'] }, page_length: 100 })).json().message;
    expect(groups.items_count).toBe(15);
    const bad = await list({ field_filters: { 'password_hash': 'x' } });
    expect(bad.statusCode).toBe(417);
  });

  it('serves one item over /api/resource/Item, published ones only', async () => {
    const ok = await guest.request({ method: 'GET', url: '/api/resource/Item/GIFT-COOLER' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ item_code: 'GIFT-COOLER', item_group: 'Gift', loyalty_points_based_price: 40 });
    const hidden = await guest.request({ method: 'GET', url: '/api/resource/Item/HIDDEN-1' });
    expect(hidden.statusCode).toBe(404);
  });
});
