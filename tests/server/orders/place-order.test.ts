import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createMember, createTestServer, serverMessage, Session, type TestServer } from '../../support/server';
import { addAddress, balance, BRANCH, gift, givePoints, invoicesOf, PLACE_ORDER } from './support';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../../server/db/schema/audit';
import { recordStatements } from '../../../server/db/statement-log';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
}, 120_000);
afterAll(() => server.close());

const CONFIRM_PAYMENT = 'member_rewards.orders.confirm_payment';
const message = (res: { json(): unknown }) => serverMessage(res.json() as { _server_messages?: string });

describe('place_order: gift redemption', () => {
  it('redeems a reward for a branch: points deducted, Sales Invoice and a Draft Delivery Note', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 24);
    const res = await m.session.call(PLACE_ORDER, gift('GIFT-TUMBLER', 20));
    expect(res.statusCode).toBe(200);
    const order = res.json().message;
    expect(order.name).toMatch(/^ACC-SINV-\d{4}-\d{5}$/);
    expect(order.grand_total).toBe(0);
    expect(order.loyalty_points).toBe(20);
    expect(await balance(server, m.customer)).toBe(4);

    const orders = (await m.session.call('honda_api.api_calls.getuser.getorders', {}, 'GET')).json().message;
    expect(orders[0]).toMatchObject({ name: order.name, branch: BRANCH, order_type: 'redemption' });
    expect(orders[0].delivery_notes[0].status).toBe('Draft');
    expect(orders[0].items[0]).toMatchObject({ item_code: 'GIFT-TUMBLER', qty: 1, loyalty_points: 20 });

    const history = (await m.session.call('headless_e_commerce.api.get_loyalty_points_details', {}, 'GET')).json().message;
    expect(history.loyalty_points).toBe(4);
    expect(history.record.find((r: { loyalty_points: number }) => r.loyalty_points < 0)).toMatchObject({ loyalty_points: -20, invoice: order.name });
  });

  it.each([
    ['Loyalty points is required', { items: [{ item_code: 'GIFT-TOTE', qty: 1 }], payment_method: 'bank-transfer', branch: BRANCH }],
    ['Loyalty points must be a number', gift('GIFT-TOTE', 'fifteen' as never)],
    ['At least one item is required', gift('GIFT-TOTE', 15, { items: [] })],
    ['At least one item is required', gift('GIFT-TOTE', 15, { items: undefined })],
    ['Item code is required', gift('GIFT-TOTE', 15, { items: [{ qty: 1 }] })],
    ['Quantity must be a number', gift('GIFT-TOTE', 15, { items: [{ item_code: 'GIFT-TOTE', qty: 'one' }] })],
    ['Quantity is required', gift('GIFT-TOTE', 15, { items: [{ item_code: 'GIFT-TOTE' }] })],
    ['Payment method is required', gift('GIFT-TOTE', 15, { payment_method: '' })],
    ['Branch is required', gift('GIFT-TOTE', 15, { branch: '' })],
  ])('refuses a gift redemption with "%s"', async (expected, payload) => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 50);
    const res = await m.session.call(PLACE_ORDER, payload as Record<string, unknown>);
    expect(res.statusCode).toBe(417);
    expect(message(res)).toBe(expected);
    expect(await balance(server, m.customer)).toBe(50);
    expect(await invoicesOf(server, m.customer)).toHaveLength(0);
  });

  it('says "Branch is required" when the gift form sends no branch at all', async () => {
    const m = await createMember(server);
    const res = await m.session.call(PLACE_ORDER, { loyalty_points: 15, items: [{ item_code: 'GIFT-TOTE', qty: 1 }], payment_method: 'bank-transfer' });
    expect(message(res)).toBe('Branch is required');
  });

  it('refuses a points figure that is not the server price, and never charges the client figure', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 100);
    const cheap = await m.session.call(PLACE_ORDER, gift('GIFT-COOLER', 1));
    expect(cheap.statusCode).toBe(417);
    expect(message(cheap)).toBe('Loyalty points do not match the price of the items');
    const generous = await m.session.call(PLACE_ORDER, gift('GIFT-COOLER', 99));
    expect(generous.statusCode).toBe(417);
    expect(await balance(server, m.customer)).toBe(100);
    // Price fields inside the lines are not read at all.
    const ok = await m.session.call(PLACE_ORDER, gift('GIFT-COOLER', 40, { items: [{ item_code: 'GIFT-COOLER', qty: 1, loyalty_points_based_price: 1, rate: 0 }] }));
    expect(ok.statusCode).toBe(200);
    expect(await balance(server, m.customer)).toBe(60);
  });

  it('refuses when the points are short, an unknown branch, a product, and a reward outside its schedule', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 24);
    const short = await m.session.call(PLACE_ORDER, gift('GIFT-COOLER', 40));
    expect(short.statusCode).toBe(417);
    expect(message(short)).toBe("You don't have enough Loyalty Points to redeem");
    // Each refusal also carries its stable code, which the app translates (the English stays for Frappe clients).
    expect(short.json().error_code).toBe('not_enough_points');
    const branch = await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15, { branch: 'สาขาที่ไม่มี' }));
    expect(message(branch)).toBe('Branch สาขาที่ไม่มี not found');
    expect(branch.json().error_code).toBe('branch_not_found');
    const product = await m.session.call(PLACE_ORDER, { ...gift('TEE-GREEN', 15), items: [{ item_code: 'TEE-BLACK', qty: 1 }] });
    expect(product.statusCode).toBe(417);
    const expired = await m.session.call(PLACE_ORDER, gift('GIFT-SOCKS', 12));
    expect(message(expired)).toBe('ถุงเท้าลายเทศกาล is not available now');
    expect(expired.json().error_code).toBe('item_not_available');
    expect(await balance(server, m.customer)).toBe(24);
    expect(await invoicesOf(server, m.customer)).toHaveLength(0);
  });

  it('places one order for a retried request with the same Idempotency-Key', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 30);
    const headers = { 'idempotency-key': 'redeem-tote-1' };
    const first = await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15), 'POST', headers);
    const retry = await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15), 'POST', headers);
    expect(first.statusCode).toBe(200);
    expect(retry.json().message.name).toBe(first.json().message.name);
    expect(await invoicesOf(server, m.customer)).toHaveLength(1);
    expect(await balance(server, m.customer)).toBe(15);
  });

  it('lets exactly 7 of 100 concurrent redemptions through for points that cover 7; the rest get a clear 417', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 70);
    const results = await Promise.all(Array.from({ length: 100 }, () => m.session.call(PLACE_ORDER, gift('GIFT-KEYCHAIN', 10))));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(7);
    expect(refused).toHaveLength(93);
    for (const r of refused) {
      expect(r.statusCode).toBe(417);
      expect(message(r)).toBe("You don't have enough Loyalty Points to redeem");
    }
    expect(new Set(ok.map((r) => r.json().message.name)).size).toBe(7);
    expect(await balance(server, m.customer)).toBe(0);
    expect(await invoicesOf(server, m.customer)).toHaveLength(7);
  }, 120_000);
});

describe('place_order: checkout', () => {
  const purchase = (billing: string, extra: Record<string, unknown> = {}) => ({
    billing_address: billing,
    shipping_address: '',
    use_different_shipping: false,
    loyalty_points: null,
    items: [{ item_code: 'SNEAKER-BLACK', qty: 1 }, { item_code: 'TEE-GREEN', qty: 2 }],
    payment_method: 'bank-transfer',
    ...extra,
  });

  it.each([
    ['Billing address is required', { billing_address: '' }],
    ['Shipping address is required', { use_different_shipping: true, shipping_address: '' }],
    ['Loyalty points must be a number', { loyalty_points: 'many' }],
    ['At least one item is required', { items: [] }],
    ['Item code is required', { items: [{ item_code: '', qty: 1 }] }],
    ['Quantity must be a number', { items: [{ item_code: 'TEE-GREEN', qty: 'two' }] }],
    ['Quantity is required', { items: [{ item_code: 'TEE-GREEN', qty: null }] }],
    ['Payment method is required', { payment_method: null }],
    ['Branch is required', { delivery_method: 'pickup' }],
  ])('refuses a checkout with "%s"', async (expected, extra) => {
    const m = await createMember(server);
    const address = await addAddress(server, m.customer);
    const res = await m.session.call(PLACE_ORDER, purchase(address, extra));
    expect(res.statusCode).toBe(417);
    expect(message(res)).toBe(expected);
    expect(await invoicesOf(server, m.customer)).toHaveLength(0);
  });

  it('prices the order itself (shipping 59, discount 99), matches checkout_totals, and awards the points it announced once the payment is confirmed', async () => {
    const m = await createMember(server);
    const address = await addAddress(server, m.customer);
    const items = [{ item_code: 'SNEAKER-BLACK', qty: 1, rate: 1, price_list_rate: 1 }, { item_code: 'TEE-GREEN', qty: 2 }];
    const totals = (await m.session.call('member_rewards.api.checkout_totals', { items, delivery_method: 'delivery' })).json().message;
    const prices = (await m.session.call('erpnext.e_commerce.api.get_product_filter_data', { query_args: { field_filters: { item_code: ['SNEAKER-BLACK', 'TEE-GREEN'] } } }, 'GET')).json().message.items;
    const rate = (code: string) => prices.find((p: { item_code: string }) => p.item_code === code).price_list_rate;
    const subtotal = rate('SNEAKER-BLACK') + 2 * rate('TEE-GREEN');
    expect(totals).toMatchObject({ total: subtotal, shipping_fee: 59, discount_amount: 99, grand_total: subtotal + 59 - 99, points_to_earn: Math.floor((subtotal - 99) / 25) });
    const res = await m.session.call(PLACE_ORDER, purchase(address, { items, grand_total: 1 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ grand_total: totals.grand_total, points_earned: totals.points_to_earn });
    // An unpaid bank transfer earns nothing spendable yet.
    expect(await balance(server, m.customer)).toBe(0);
    const [inv] = await invoicesOf(server, m.customer);
    expect(inv).toMatchObject({ status: 'Unpaid', payment_method: 'bank-transfer', delivery_method: 'delivery', customer_address: address, shipping_address_name: address });
    const orders = (await m.session.call('honda_api.api_calls.getuser.getorders', {}, 'GET')).json().message;
    expect(orders[0].delivery_notes).toEqual([]);

    const admin = new Session(server.app);
    expect((await admin.login(ADMIN.usr, ADMIN.pwd)).statusCode).toBe(200);
    const paid = await admin.call(CONFIRM_PAYMENT, { order: inv!.name });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().message).toMatchObject({ name: inv!.name, status: 'Paid', points_earned: totals.points_to_earn });
    expect(await balance(server, m.customer)).toBe(totals.points_to_earn);
    const history = (await m.session.call('headless_e_commerce.api.get_loyalty_points_details', {}, 'GET')).json().message;
    expect(history.record.find((r: { invoice: string }) => r.invoice === inv!.name)).toMatchObject({ loyalty_points: totals.points_to_earn });
    expect((await m.session.call('honda_api.api_calls.getuser.getorders', {}, 'GET')).json().message[0].status).toBe('Paid');
  });

  it('gives the order its shipping address in parts while the saved address still reads as it did, else only its text', async () => {
    const m = await createMember(server);
    const address = await addAddress(server, m.customer);
    const order = (await m.session.call(PLACE_ORDER, purchase(address, { items: [{ item_code: 'TEE-GREEN', qty: 1 }] }))).json().message;
    const read = async () => (await m.session.request({ method: 'GET', url: `/api/resource/Sales Invoice/${order.name}` })).json().data;
    const before = await read();
    expect(before.shipping_address).toMatchObject({ first_name: 'สมใจ', address_line1: expect.stringContaining('ถนนสุขุมวิท'), city: 'Khlong Toei', state: 'Bangkok', country: 'Thailand', pincode: '10110' });
    expect(before.address).toContain('Khlong Toei');

    const edited = await m.session.call('headless_e_commerce.api.update_address', {
      name: address, first_name: 'สมใจ', last_name: 'ใจดี', address_line1: '1 ถนนใหม่', city: 'Bang Rak', state: 'Bangkok', country: 'Thailand', pincode: '10500',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await read();
    expect(after.shipping_address).toBeNull();
    expect(after.address).toBe(before.address); // where it was shipped, as placed
  });

  it('confirms a payment exactly once, even concurrently; only the back office may; reward orders have none', async () => {
    const m = await createMember(server);
    const address = await addAddress(server, m.customer);
    const order = (await m.session.call(PLACE_ORDER, purchase(address, { items: [{ item_code: 'SNEAKER-BLACK', qty: 1 }] }))).json().message;
    expect(order.points_earned).toBeGreaterThan(0);

    const byMember = await m.session.call(CONFIRM_PAYMENT, { order: order.name });
    expect(byMember.statusCode).toBe(403);
    const admin = new Session(server.app);
    await admin.login(ADMIN.usr, ADMIN.pwd);
    const results = await Promise.all([1, 2, 3].map(() => admin.call(CONFIRM_PAYMENT, { order: order.name })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 417, 417]);
    expect(message(results.find((r) => r.statusCode === 417)!)).toBe(`Sales Invoice ${order.name} is already paid`);
    expect(await balance(server, m.customer)).toBe(order.points_earned);
    const log = await server.database.db.select().from(auditLog).where(eq(auditLog.ref_name, order.name));
    expect(log.map((r) => [r.user, r.action, r.before, r.after])).toEqual([
      [ADMIN.usr, 'confirm_payment', { status: 'Unpaid' }, { status: 'Paid', points_posted: order.points_earned }],
    ]);

    await givePoints(server, m.customer, 20);
    const reward = (await m.session.call(PLACE_ORDER, gift('GIFT-TUMBLER', 20))).json().message;
    const refused = await admin.call(CONFIRM_PAYMENT, { order: reward.name });
    expect(refused.statusCode).toBe(417);
    expect((await admin.call(CONFIRM_PAYMENT, { order: 'ACC-SINV-1999-99999' })).statusCode).toBe(404);
    const noOrder = await admin.call(CONFIRM_PAYMENT, {});
    expect(noOrder.statusCode).toBe(417);
    expect(message(noOrder)).toBe('Order is required');
  });

  it('charges no shipping for a store pickup, and refuses payment methods it does not offer', async () => {
    const m = await createMember(server);
    const address = await addAddress(server, m.customer);
    const totals = (await m.session.call('member_rewards.api.checkout_totals', { items: [{ item_code: 'TEE-GREEN', qty: 1 }], delivery_method: 'pickup' })).json().message;
    expect(totals.shipping_fee).toBe(0);
    const card = await m.session.call(PLACE_ORDER, purchase(address, { payment_method: 'credit-card' }));
    expect(message(card)).toBe('This payment method is not available');
    const res = await m.session.call(PLACE_ORDER, purchase(address, { delivery_method: 'pickup', branch: BRANCH, items: [{ item_code: 'TEE-GREEN', qty: 1 }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message.grand_total).toBe(totals.grand_total);
  });

  it("refuses another member's address as billing or shipping address", async () => {
    const a = await createMember(server);
    const b = await createMember(server);
    const own = await addAddress(server, a.customer);
    const theirs = await addAddress(server, b.customer);
    const billing = await a.session.call(PLACE_ORDER, purchase(theirs));
    expect(billing.statusCode).toBe(417);
    expect(message(billing)).toBe('Billing address not found');
    const shipping = await a.session.call(PLACE_ORDER, purchase(own, { use_different_shipping: true, shipping_address: theirs }));
    expect(message(shipping)).toBe('Shipping address not found');
    expect(await invoicesOf(server, a.customer)).toHaveLength(0);
  });

  it('takes rewards in the cart at their points price, refusing a different client figure', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 30);
    const address = await addAddress(server, m.customer);
    const items = [{ item_code: 'GC-DISCOUNT-100', qty: 1 }, { item_code: 'TEE-GREEN', qty: 1 }];
    const wrong = await m.session.call(PLACE_ORDER, purchase(address, { items, loyalty_points: 5 }));
    expect(message(wrong)).toBe('Loyalty points do not match the price of the items');
    const res = await m.session.call(PLACE_ORDER, purchase(address, { items, loyalty_points: 20 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message.delivery_notes).toHaveLength(1);
    // The reward's 20 points are spent at once; the purchase's points wait for its payment.
    expect(await balance(server, m.customer)).toBe(10);
  });
});

describe('place_order: round trips', () => {
  // Each statement is a round trip, most of them while the member's row is locked, so the count bounds how many
  // redemptions a second one member (and the database) can take. It was 24: the session and the member read apart,
  // the invoice and its lines inserted apart, the spendable points and their holds read three times, the
  // notification's event and its job inserted apart, the webhook subscribers read once per event.
  it('redeems a reward in at most 13 statements to the database, begin and commit included', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 15);
    const log = await recordStatements(server.database);
    try {
      const res = await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15));
      expect(res.statusCode).toBe(200);
    } finally {
      log.stop();
    }
    expect(await balance(server, m.customer)).toBe(0);
    // On PostgreSQL the realtime adapter's NOTIFYs share the pool; they are its fan-out to other instances, not
    // the redemption's statements (PGlite has none).
    const own = log.sent.filter((s) => !/pg_notify/i.test(s));
    expect(own.length, own.join('\n')).toBeLessThanOrEqual(13);
  });
});

describe('reading orders', () => {
  it("shows members their own orders only, newest first, and the Sales Invoice with its items; never another member's", async () => {
    const a = await createMember(server);
    const b = await createMember(server);
    await givePoints(server, a.customer, 40);
    const first = (await a.session.call(PLACE_ORDER, gift('GIFT-KEYCHAIN', 10))).json().message.name;
    const second = (await a.session.call(PLACE_ORDER, gift('GC-DISCOUNT-50', 10))).json().message.name;
    const list = (await a.session.call('honda_api.api_calls.getuser.getorders', {}, 'GET')).json().message;
    expect(list.map((o: { name: string }) => o.name)).toEqual([second, first]);
    expect((await b.session.call('honda_api.api_calls.getuser.getorders', {}, 'GET')).json().message).toEqual([]);

    const doc = await a.session.request({ method: 'GET', url: `/api/resource/Sales Invoice/${encodeURIComponent(second)}` });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().data).toMatchObject({ name: second, status: 'Paid', branch: BRANCH });
    expect(doc.json().data.items[0]).toMatchObject({ item_code: 'GC-DISCOUNT-50', item_name: 'คูปองส่วนลด 50 บาท', image: '/images/items/coupon-50.svg' });
    expect(doc.json().data.delivery_notes[0].status).toBe('Draft');
    const other = await b.session.request({ method: 'GET', url: `/api/resource/Sales Invoice/${encodeURIComponent(second)}` });
    expect(other.statusCode).toBe(404);
    const listed = await b.session.request({ method: 'GET', url: '/api/resource/Sales Invoice', query: { fields: '["name"]' } });
    expect(listed.json().data).toEqual([]);
    const guest = await new Session(server.app).request({ method: 'GET', url: `/api/resource/Sales Invoice/${encodeURIComponent(second)}` });
    expect(guest.statusCode).toBe(403);
    // Nobody writes invoices over /api/resource: place_order is the only way in.
    const forged = await a.session.request({ method: 'POST', url: '/api/resource/Sales Invoice', payload: { name: 'X', customer: a.customer } });
    expect(forged.statusCode).toBe(403);
  });
});
