import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { ADMIN, createMember, createTestServer, Session, STAFF, type TestServer } from '../../support/server';
import { ItemDocSchema } from '../../../contracts/catalog-admin';
import { BranchDocSchema } from '../../../contracts/branches';
import { items } from '../../../server/db/schema/catalog';
import { givePoints, gift, PLACE_ORDER } from '../orders/support';
import { auditOf, errorCode, managers, message } from './support';
import { multipart, PNG } from '../../support/multipart';

let server: TestServer;
let lm: Session;
let bm: Session;
let guest: Session;
beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
  ({ loyalty: lm, branch: bm } = await managers(server));
  guest = new Session(server.app);
}, 120_000);
afterAll(() => server.close());

const ITEM = '/api/resource/Item';
const BRANCH = '/api/resource/Branch';
const LIST = 'erpnext.e_commerce.api.get_product_filter_data';

const reward = (code: string, extra: Record<string, unknown> = {}) => ({
  item_code: code,
  item_name: `ของรางวัล ${code}`,
  item_group: 'Gift',
  description: '<p>กระเป๋า<script>alert(1)</script><img src="https://cdn.example.com/a.png" onerror="x()"></p>',
  website_image: '/files/tote.png',
  price_list_rate: '190.50',
  loyalty_points_based_price: 15,
  tags: ['Gift', 'ใหม่'],
  item_schedule_start: '2026-01-01',
  item_schedule_end: '2030-12-31',
  published: 0,
  stock_qty: 3,
  per_member_limit: 2,
  eligible_tiers: ['Silver', 'Gold'],
  ...extra,
});

const homeCodes = async () => {
  const res = await guest.call(LIST, { query_args: { item_group: 'Gift', page_length: 100 } }, 'GET');
  return (res.json().message.items as { item_code: string; item_name: string; stock_qty: number | null }[]);
};

describe('Item over /api/resource', () => {
  it('a Loyalty Manager creates a reward with every field; it stays hidden from guests and members until published', async () => {
    const res = await lm.request({ method: 'POST', url: ITEM, payload: reward('GIFT-NEW-1') });
    expect(res.statusCode, res.body).toBe(200);
    const doc = v.parse(ItemDocSchema, res.json().data);
    expect(doc).toMatchObject({
      name: 'GIFT-NEW-1', item_code: 'GIFT-NEW-1', price_list_rate: 190.5, loyalty_points_based_price: 15, tags: ['Gift', 'ใหม่'],
      item_schedule_start: '2026-01-01', item_schedule_end: '2030-12-31', published: false, stock_qty: 3, in_stock: true,
      per_member_limit: 2, eligible_tiers: ['Silver', 'Gold'], website_image: '/files/tote.png',
    });
    expect(doc.description).toContain('กระเป๋า');
    expect(doc.description).not.toMatch(/script|onerror/);

    const member = await createMember(server);
    for (const s of [guest, member.session]) {
      expect((await s.request({ method: 'GET', url: `${ITEM}/GIFT-NEW-1` })).statusCode).toBe(404);
      const list = await s.request({ method: 'GET', url: ITEM, query: { filters: JSON.stringify([['item_code', '=', 'GIFT-NEW-1']]) } });
      expect(list.json().data).toEqual([]);
    }
    const seen = await lm.request({ method: 'GET', url: ITEM, query: { fields: '["name","published","stock_qty"]', filters: JSON.stringify([['item_code', '=', 'GIFT-NEW-1']]) } });
    expect(seen.json().data).toEqual([{ name: 'GIFT-NEW-1', published: false, stock_qty: 3 }]);

    const published = await lm.request({ method: 'PUT', url: `${ITEM}/GIFT-NEW-1`, payload: { published: 1 } });
    expect(published.statusCode).toBe(200);
    expect((await member.session.request({ method: 'GET', url: `${ITEM}/GIFT-NEW-1` })).statusCode).toBe(200);
  });

  it('a Loyalty Manager uploads the image with upload_file and the item shows it; a Branch Manager may not upload', async () => {
    const upload = (s: Session) => s.request({ method: 'POST', url: '/api/method/upload_file', ...multipart({ doctype: 'Item' }, { name: 'gift.png', type: 'image/png', data: PNG }) });
    const res = await upload(lm);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().message.file_url as string;
    const item = await lm.request({ method: 'POST', url: ITEM, payload: reward('GIFT-PICTURE', { website_image: url, published: 1 }) });
    expect(item.json().data.website_image).toBe(url);
    expect((await guest.request({ method: 'GET', url })).statusCode).toBe(200);
    expect((await upload(bm)).statusCode).toBe(403);
  });

  it('drops the catalogue page memory on every change: the member home shows it at once', async () => {
    await lm.request({ method: 'POST', url: ITEM, payload: reward('GIFT-NEW-2', { published: 1, item_name: 'ชื่อเดิม' }) });
    expect((await homeCodes()).find((i) => i.item_code === 'GIFT-NEW-2')?.item_name).toBe('ชื่อเดิม');
    // Within the memory's lifetime: without the invalidation the old page would still be served.
    await lm.request({ method: 'PUT', url: `${ITEM}/GIFT-NEW-2`, payload: { item_name: 'ชื่อใหม่', stock_qty: 0 } });
    const after = (await homeCodes()).find((i) => i.item_code === 'GIFT-NEW-2');
    expect(after).toMatchObject({ item_name: 'ชื่อใหม่', stock_qty: 0, in_stock: false });
    await lm.request({ method: 'PUT', url: `${ITEM}/GIFT-NEW-2`, payload: { published: 0 } });
    expect((await homeCodes()).some((i) => i.item_code === 'GIFT-NEW-2')).toBe(false);
  });

  it('refuses what the contract refuses, with codes: a changed code, an unknown tier, a reversed schedule, a foreign image', async () => {
    await lm.request({ method: 'POST', url: ITEM, payload: reward('GIFT-NEW-3') });
    const cases: [Record<string, unknown>, string | undefined, string][] = [
      [{ item_code: 'OTHER' }, 'item_code_fixed', 'Item code cannot be changed; create a new item instead'],
      [{ eligible_tiers: ['Diamond'] }, 'unknown_tier', 'Unknown tier: Diamond'],
      [{ item_schedule_start: '2031-01-01' }, 'invalid_schedule', 'The schedule must not end before it starts'],
      [{ item_schedule_end: '9999-12-31' }, 'date_out_of_range', 'Dates must be from 1900-01-01 to 2200-12-31'],
      [{ item_schedule_start: '0001-01-01' }, 'date_out_of_range', 'Dates must be from 1900-01-01 to 2200-12-31'],
      [{ website_image: 'javascript:alert(1)' }, undefined, 'Image must be an uploaded file (/files/…) or an https address'],
      [{ stock_qty: -1 }, undefined, 'Stock must be a whole number from 0 to 10000000'],
      [{ price_list_rate: 'free' }, undefined, 'Price must be a number from 0 to 10000000'],
    ];
    for (const [body, code, text] of cases) {
      const res = await lm.request({ method: 'PUT', url: `${ITEM}/GIFT-NEW-3`, payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(417);
      expect(errorCode(res)).toBe(code);
      expect(message(res)).toBe(text);
    }
    const missing = await lm.request({ method: 'POST', url: ITEM, payload: { item_code: 'X-1', item_group: 'Gift' } });
    expect(message(missing)).toBe('Item name is required');
    const dup = await lm.request({ method: 'POST', url: ITEM, payload: reward('GIFT-NEW-3') });
    expect(dup.statusCode).toBe(409);
  });

  it('keeps in_stock with the counted stock; an uncounted item takes in_stock as sent', async () => {
    await lm.request({ method: 'POST', url: ITEM, payload: reward('GIFT-NEW-4', { stock_qty: null, in_stock: 0 }) });
    const [row] = await server.database.db.select().from(items).where(eq(items.item_code, 'GIFT-NEW-4'));
    expect(row).toMatchObject({ stock_qty: null, in_stock: false });
    const counted = await lm.request({ method: 'PUT', url: `${ITEM}/GIFT-NEW-4`, payload: { stock_qty: 5, in_stock: 0 } });
    expect(counted.json().data).toMatchObject({ stock_qty: 5, in_stock: true });
  });

  it('deletes an unused item, never one orders refer to (unpublish instead)', async () => {
    await lm.request({ method: 'POST', url: ITEM, payload: reward('GIFT-UNUSED', { published: 1 }) });
    expect((await lm.request({ method: 'DELETE', url: `${ITEM}/GIFT-UNUSED` })).statusCode).toBe(202);
    const m = await createMember(server);
    await givePoints(server, m.customer, 10);
    expect((await m.session.call(PLACE_ORDER, gift('GIFT-KEYCHAIN', 10))).statusCode).toBe(200);
    const res = await lm.request({ method: 'DELETE', url: `${ITEM}/GIFT-KEYCHAIN` });
    expect(res.statusCode).toBe(417);
    expect(errorCode(res)).toBe('item_in_use');
    expect((await server.database.db.select().from(items).where(eq(items.item_code, 'GIFT-KEYCHAIN'))).length).toBe(1);
  });

  it('lets only catalogue managers write: Branch Manager, staff and members get 403', async () => {
    const staff = new Session(server.app);
    await staff.login(STAFF.usr, STAFF.pwd);
    const member = await createMember(server);
    for (const s of [bm, staff, member.session]) {
      expect((await s.request({ method: 'POST', url: ITEM, payload: reward('GIFT-NOPE') })).statusCode).toBe(403);
      expect((await s.request({ method: 'PUT', url: `${ITEM}/GIFT-TOTE`, payload: { stock_qty: 0 } })).statusCode).toBe(403);
    }
    const admin = new Session(server.app);
    await admin.login(ADMIN.usr, ADMIN.pwd);
    expect((await admin.request({ method: 'PUT', url: `${ITEM}/GIFT-TOTE`, payload: { popularity: 1, tags: ['Gift'] } })).statusCode).toBe(200);
  });

  it('audits each change with the fields before and after, who, role and IP', async () => {
    await lm.request({ method: 'PUT', url: `${ITEM}/GIFT-NEW-1`, payload: { stock_qty: 7, item_name: 'ชื่อแก้ไข' } });
    const rows = await auditOf(server, 'GIFT-NEW-1');
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'update']);
    expect(rows[0]).toMatchObject({ user: 'loyalty@example.com', role: 'Loyalty Manager', ref_doctype: 'Item', before: {}, ip: '127.0.0.1' });
    expect(rows[0]!.after).toMatchObject({ item_code: 'GIFT-NEW-1', stock_qty: 3 });
    expect(rows[2]).toMatchObject({ before: { stock_qty: 3, item_name: 'ของรางวัล GIFT-NEW-1' }, after: { stock_qty: 7, item_name: 'ชื่อแก้ไข' } });
    const refused = await auditOf(server, 'X-1');
    expect(refused).toEqual([]);
  });
});

describe('Branch over /api/resource', () => {
  it('a Loyalty Manager creates, updates and disables a branch; guests and members stop seeing it, managers still do', async () => {
    const created = await lm.request({ method: 'POST', url: BRANCH, payload: { branch_name: 'สาขาภูเก็ต', address: 'ถนนถลาง', opening_hours: '09:00-18:00', phone: '076 123 456' } });
    expect(created.statusCode, created.body).toBe(200);
    expect(v.parse(BranchDocSchema, created.json().data)).toMatchObject({ name: 'สาขาภูเก็ต', branch: 'สาขาภูเก็ต', phone: '076 123 456', disabled: false });
    const renamed = await lm.request({ method: 'PUT', url: `${BRANCH}/${encodeURIComponent('สาขาภูเก็ต')}`, payload: { branch: 'สาขาภูเก็ต (ป่าตอง)', disabled: 1 } });
    expect(renamed.json().data).toMatchObject({ name: 'สาขาภูเก็ต', branch: 'สาขาภูเก็ต (ป่าตอง)', disabled: true });

    const member = await createMember(server);
    for (const s of [guest, member.session]) {
      const names = (await s.request({ method: 'GET', url: BRANCH, query: { fields: '["name"]', limit: '0' } })).json().data.map((b: { name: string }) => b.name);
      expect(names).toContain('สาขาสยาม');
      expect(names).not.toContain('สาขาภูเก็ต');
    }
    for (const s of [lm, bm]) {
      const names = (await s.request({ method: 'GET', url: BRANCH, query: { fields: '["name","disabled"]', limit: '0' } })).json().data;
      expect(names).toContainEqual({ name: 'สาขาภูเก็ต', disabled: true });
    }
    expect((await lm.request({ method: 'DELETE', url: `${BRANCH}/${encodeURIComponent('สาขาภูเก็ต')}` })).statusCode).toBe(403);
    expect((await bm.request({ method: 'PUT', url: `${BRANCH}/${encodeURIComponent('สาขาสยาม')}`, payload: { phone: '1' } })).statusCode).toBe(403);
    expect((await auditOf(server, 'สาขาภูเก็ต')).map((r) => [r.action, r.branch])).toEqual([['create', 'สาขาภูเก็ต'], ['update', 'สาขาภูเก็ต']]);
  });

  it('a disabled branch takes no new reward orders, but its existing ones are still handed over at the till', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 30);
    const order = await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15, { branch: 'สาขาเชียงใหม่' }));
    expect(order.statusCode).toBe(200);
    await lm.request({ method: 'PUT', url: `${BRANCH}/${encodeURIComponent('สาขาเชียงใหม่')}`, payload: { disabled: true } });
    const refused = await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15, { branch: 'สาขาเชียงใหม่' }));
    expect(refused.statusCode).toBe(417);
    expect(errorCode(refused)).toBe('branch_disabled');
    const till = await createMember(server, { roles: ['Store Staff'], branch: 'สาขาเชียงใหม่' });
    const confirmed = await till.session.call('member_rewards.staff.confirm_reward', { code: order.json().message.reward_code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await lm.request({ method: 'PUT', url: `${BRANCH}/${encodeURIComponent('สาขาเชียงใหม่')}`, payload: { disabled: false } });
  });
});
