import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestServer, serverMessage, type TestServer } from '../../support/server';
import { addAddress, gift, givePoints, PLACE_ORDER } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
}, 120_000);
afterAll(() => server.close());

const GET_ORDERS = 'honda_api.api_calls.getuser.getorders';
const names = (res: { json(): { message: { name: string }[] } }) => res.json().message.map((o) => o.name);

describe('getorders: pages and order types', () => {
  it('pages newest first and filters reward orders from purchases', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 100);
    const address = await addAddress(server, m.customer);
    const placed: string[] = [];
    for (const kind of ['gift', 'purchase', 'gift', 'purchase', 'gift']) {
      const payload =
        kind === 'gift'
          ? gift('GIFT-TOTE', 15)
          : { billing_address: address, shipping_address: '', use_different_shipping: false, loyalty_points: null, items: [{ item_code: 'TEE-GREEN', qty: 1 }], payment_method: 'bank-transfer' };
      const res = await m.session.call(PLACE_ORDER, payload);
      expect(res.statusCode, res.body).toBe(200);
      placed.push(res.json().message.name);
    }
    const newestFirst = [...placed].reverse();

    const all = await m.session.call(GET_ORDERS, {}, 'GET');
    expect(names(all)).toEqual(newestFirst);
    const firstPage = await m.session.call(GET_ORDERS, { start: 0, limit: 2 }, 'GET');
    const secondPage = await m.session.call(GET_ORDERS, { start: 2, limit: 2 }, 'GET');
    const lastPage = await m.session.call(GET_ORDERS, { start: 4, limit: 2 }, 'GET');
    expect([...names(firstPage), ...names(secondPage), ...names(lastPage)]).toEqual(newestFirst);
    expect(names(lastPage)).toHaveLength(1);

    const rewards = await m.session.call(GET_ORDERS, { order_type: 'redemption' }, 'GET');
    expect(names(rewards)).toEqual([newestFirst[0], newestFirst[2], newestFirst[4]]);
    expect(rewards.json().message.every((o: { order_type: string }) => o.order_type === 'redemption')).toBe(true);
    const purchases = await m.session.call(GET_ORDERS, { order_type: 'purchase', limit: 1 }, 'GET');
    expect(names(purchases)).toEqual([newestFirst[1]]);
  });

  it.each([
    [{ order_type: 'coupon' }, 'Order type must be redemption or purchase'],
    [{ limit: 101 }, null],
    [{ start: -1 }, null],
  ])('refuses %j with a 417', async (args, expected) => {
    const m = await createMember(server);
    const res = await m.session.call(GET_ORDERS, args, 'GET');
    expect(res.statusCode).toBe(417);
    if (expected) expect(serverMessage(res.json() as { _server_messages?: string })).toBe(expected);
  });
});
