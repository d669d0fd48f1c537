import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type Actor, type RoleName } from './roles';
import type { TestServer } from '../support/server';
import { balance, gift, PLACE_ORDER } from '../server/orders/support';

/** Member A never reads or changes member B's data, whatever name, filter or field A sends. */
let server: TestServer;
let actors: Record<RoleName, Actor>;
let bAddress: string;
let bOrder: string;
let bUser: string;

beforeAll(async () => {
  ({ server, actors } = await createWorld());
  const b = actors.memberB.session;
  bUser = actors.memberB.name!;
  bAddress = (await b.call('headless_e_commerce.api.get_addresses', {}, 'GET')).json().message[0].name;
  const order = await b.call(PLACE_ORDER, gift('GIFT-TOTE', 15));
  expect(order.statusCode).toBe(200);
  bOrder = order.json().message.name;
}, 180_000);
afterAll(() => server.close());

const a = () => actors.memberA.session;
const q = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));

describe('member A against member B', () => {
  it('sees only their own addresses, orders, ledger, tier and profile through the methods', async () => {
    const addresses = (await a().call('headless_e_commerce.api.get_addresses', {}, 'GET')).json().message;
    expect(addresses.map((x: { name: string }) => x.name)).not.toContain(bAddress);
    const orders = (await a().call('honda_api.api_calls.getuser.getorders', {}, 'GET')).json().message;
    expect(orders.map((o: { name: string }) => o.name)).not.toContain(bOrder);
    const ledger = (await a().call('headless_e_commerce.api.get_loyalty_points_details', {}, 'GET')).json().message;
    expect(ledger.record.some((r: { invoice?: string }) => r.invoice === bOrder)).toBe(false);
    const profile = (await a().call('headless_e_commerce.api.get_profile', {}, 'GET')).json().message;
    expect(profile.name).toBe(actors.memberA.customer);
    const tier = await a().call('loyalty_program_customizations.overrides.get_tier', { customer: actors.memberB.customer }, 'POST');
    expect(tier.statusCode).toBe(403);
  });

  it('cannot change or delete B’s address by name', async () => {
    const update = await a().call('headless_e_commerce.api.update_address', {
      name: bAddress, address_line1: 'taken over', city: 'Bangkok', country: 'Thailand', pincode: '10110',
    });
    expect([403, 404]).toContain(update.statusCode);
    const del = await a().call('headless_e_commerce.api.delete_address', { name: bAddress });
    expect([403, 404]).toContain(del.statusCode);
    const still = (await actors.memberB.session.call('headless_e_commerce.api.get_addresses', {}, 'GET')).json().message;
    expect(still.find((x: { name: string }) => x.name === bAddress).address_line1).not.toBe('taken over');
  });

  it.each([
    ['Address', () => bAddress, 'customer'],
    ['Sales Invoice', () => bOrder, 'customer'],
    ['User', () => bUser, 'name'],
  ])('cannot read B’s %s through /api/resource: by name, filters, or_filters, fields or get_count', async (doctype, name, ownerField) => {
    const url = `/api/resource/${encodeURIComponent(doctype)}`;
    const byName = await a().request({ method: 'GET', url: `${url}/${encodeURIComponent(name())}` });
    expect(byName.statusCode).toBe(404);
    const attempts = [
      { filters: [['name', '=', name()]] },
      { or_filters: [['name', '=', name()], ['name', 'like', '%']] },
      { filters: { name: ['in', [name()]] } },
      { filters: [['name', 'like', '%']], limit: '0' },
    ];
    for (const query of attempts) {
      const res = await a().request({ method: 'GET', url, query: q({ fields: ['name'], ...query }) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((r: { name: string }) => r.name)).not.toContain(name());
    }
    const otherTable = await a().request({ method: 'GET', url, query: q({ fields: ['users.password_hash', `${ownerField}`] }) });
    expect(otherTable.statusCode).toBe(417);
    const count = await a().call('frappe.client.get_count', { doctype, filters: [['name', '=', name()]] }, 'GET');
    expect(count.json().message).toBe(0);
  });

  it('cannot redeem with B’s points or order to B’s address', async () => {
    const before = await balance(server, actors.memberB.customer!);
    const res = await a().call(PLACE_ORDER, {
      billing_address: bAddress, shipping_address: bAddress, use_different_shipping: false,
      items: [{ item_code: 'GIFT-TOTE', qty: 1 }], payment_method: 'bank-transfer',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await balance(server, actors.memberB.customer!)).toBe(before);
  });

  it('staff see members only through a scanned code, never by listing', async () => {
    const res = await actors.staffA.session.request({ method: 'GET', url: '/api/resource/Address', query: q({ fields: ['name'] }) });
    expect(res.statusCode).toBe(403);
  });
});
