import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createWorld, type Actor, type RoleName } from './roles';
import { Session, type TestServer } from '../support/server';
import { users } from '../../server/db/schema/auth';
import { addresses } from '../../server/db/schema/addresses';
import { blogCategories } from '../../server/db/schema/content';
import { balance, gift, PLACE_ORDER } from '../server/orders/support';
import { serverForFile } from '../support/file-server';

/** Members cannot set points, tier, prices, status, roles, owner or branch through any field they send. */
let server: TestServer;
let actors: Record<RoleName, Actor>;
serverForFile(createWorld, (world) => ({ server, actors } = world), 180_000);

const HOSTILE = {
  loyalty_points: 999999, loyalty_program_tier: 'Platinum', tier: 'Platinum', roles: ['System Manager'], role: 'System Manager',
  owner: 'admin@example.com', customer: 'CUST-00001', branch: 'สาขาเชียงใหม่', status: 'Submitted', user_type: 'System User',
  price_list_rate: 0, rate: 0, grand_total: 0, name: 'Administrator', enabled: 1,
};

describe('mass assignment', () => {
  it('update_profile changes only the profile fields', async () => {
    const m = actors.memberA;
    const before = await balance(server, m.customer!);
    const res = await m.session.call('honda_api.api_calls.getuser.update_profile', {
      first_name: 'สมศักดิ์', last_name: 'รักดี', email: 'somsak@example.com', id_card_number: '1101700203451', birth_date: '1990-01-01', ...HOSTILE,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.name, m.name!));
    expect(row).toMatchObject({ first_name: 'สมศักดิ์', roles: ['Member'], user_type: 'Website User', branch: null, enabled: true });
    expect(await balance(server, m.customer!)).toBe(before);
    const phone = await m.session.call('honda_api.api_calls.getuser.update_profile', {
      first_name: 'สมศักดิ์', last_name: 'รักดี', id_card_number: '1101700203451', birth_date: '1990-01-01', phone: '0899999999', mobile_no: '0899999999',
    });
    expect(phone.statusCode).toBe(417);
    const [after] = await server.database.db.select().from(users).where(eq(users.name, m.name!));
    expect(after!.mobile_no).toBe(row!.mobile_no);
    const boot = (await m.session.call('member_rewards.api.boot', {}, 'GET')).json().message;
    expect(boot.roles).toEqual(['Member']);
  });

  it('add_address keeps the address with the caller’s customer', async () => {
    const m = actors.memberA;
    const res = await m.session.call('headless_e_commerce.api.add_address', {
      address_line1: '12 ถนนพระราม 4', city: 'Bangkok', country: 'Thailand', pincode: '10500', is_primary_address: 0, is_shipping_address: 1, ...HOSTILE,
    });
    expect(res.statusCode).toBe(200);
    const rows = await server.database.db.select().from(addresses).where(eq(addresses.address_line1, '12 ถนนพระราม 4'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ customer: m.customer, owner: m.name });
  });

  it('place_order takes prices and points from the server', async () => {
    const m = actors.memberB;
    const before = await balance(server, m.customer!);
    const res = await m.session.call(PLACE_ORDER, { ...gift('GIFT-TOTE', 15), ...HOSTILE, loyalty_points: 15 });
    expect(res.statusCode).toBe(200);
    expect(await balance(server, m.customer!)).toBe(before - 15);
    const cheap = await m.session.call(PLACE_ORDER, { ...gift('GIFT-TOTE', 1) });
    expect(cheap.statusCode).toBe(417);
    expect(await balance(server, m.customer!)).toBe(before - 15);
  });

  it('marketing sign-up never grants roles', async () => {
    const guest = new Session(server.app, '10.77.0.1');
    const res = await guest.call('member_rewards.marketing.sign_up', {
      username: 'visitor01', email: 'visitor01@example.com', password: 'a-long-enough-password-1', ...HOSTILE,
    });
    expect(res.statusCode).toBeLessThan(300);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, 'visitor01@example.com'));
    expect(row?.roles ?? []).not.toContain('System Manager');
    expect(row?.user_type).toBe('Website User');
  });

  it('the generic resource surface ignores fields that are not writable', async () => {
    const res = await actors.admin.session.request({
      method: 'POST', url: '/api/resource/Blog Category', payload: { title: 'ข่าวสาร', owner: 'someone@example.com', creation: '2000-01-01' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await server.database.db.select().from(blogCategories).where(eq(blogCategories.name, res.json().data.name));
    expect(row!.owner).toBe('admin@example.com');
    expect(String(row!.creation)).not.toContain('2000-01-01');
  });
});
