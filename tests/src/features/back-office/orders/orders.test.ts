import { describe, expect, it } from 'vitest';
import type { ManagedOrder } from '@/entities/admin';
import { leftToRefund, orderActions, orderFilters, orderState } from '@/features/back-office/orders/order-rules';

const order = (patch: Partial<ManagedOrder>): ManagedOrder => ({
  name: 'ACC-SINV-2026-00001', customer: 'CUST-00001', order_type: 'purchase', posting_date: '2026-01-05', due_date: null, status: 'Paid',
  total: 0, shipping_fee: 0, discount_amount: 0, grand_total: 358, loyalty_points: 0, points_earned: 11, payment_method: null, delivery_method: null,
  branch: null, address: null, reward_code: null, shipping_address: null, items: [], delivery_notes: [], cancel_reason: null, cancel_note: null,
  cancelled_at: null, refunded_amount: 0, creation: '', ...patch,
});
const LM = ['Loyalty Manager'];
const SEARCH = { q: '', type: 'all', state: 'all', branch: '', from: '', to: '' };

describe('what is left to refund', () => {
  it('is the grand total less earlier refunds, to the satang, never below zero', () => {
    expect(leftToRefund(order({ grand_total: 358, refunded_amount: 100.1 }))).toBe(257.9);
    expect(leftToRefund(order({ grand_total: 0.3, refunded_amount: 0.1 }))).toBe(0.2);
    expect(leftToRefund(order({ grand_total: 358, refunded_amount: 358 }))).toBe(0);
  });
});

describe('an order state', () => {
  it('names a paid purchase refunded in part apart from a paid one', () => {
    expect(orderState(order({ refunded_amount: 0 }))).toBe('paid');
    expect(orderState(order({ refunded_amount: 50 }))).toBe('partlyRefunded');
    expect(orderState(order({ status: 'Refunded', refunded_amount: 358 }))).toBe('refunded');
    expect(orderState(order({ status: 'Cancelled' }))).toBe('cancelled');
    expect(orderState(order({ status: 'Unpaid' }))).toBe('unpaid');
  });
});

describe('the actions an order allows', () => {
  const reward = (note: string) => order({ order_type: 'redemption', grand_total: 0, loyalty_points: 15, delivery_notes: [{ name: 'DN-1', status: note, branch: 'สาขาสยาม', submitted_at: null }] });

  it('cancels an unused reward, never a collected or a cancelled one', () => {
    expect(orderActions(reward('Draft'), LM)).toEqual({ cancel: true, refund: false });
    expect(orderActions(reward('Submitted'), LM)).toEqual({ cancel: false, refund: false });
    expect(orderActions({ ...reward('Cancelled'), status: 'Cancelled' }, LM)).toEqual({ cancel: false, refund: false });
  });

  it('cancels an unpaid purchase and refunds a paid one while money is left to refund', () => {
    expect(orderActions(order({ status: 'Unpaid' }), LM)).toEqual({ cancel: true, refund: false });
    expect(orderActions(order({ refunded_amount: 100 }), LM)).toEqual({ cancel: false, refund: true });
    expect(orderActions(order({ status: 'Refunded', refunded_amount: 358 }), LM)).toEqual({ cancel: false, refund: false });
  });

  it('gives a Branch Manager none (they read their branch), a System Manager both', () => {
    expect(orderActions(reward('Draft'), ['Branch Manager'])).toEqual({ cancel: false, refund: false });
    expect(orderActions(order({}), ['Branch Manager'])).toEqual({ cancel: false, refund: false });
    expect(orderActions(order({}), ['System Manager'])).toEqual({ cancel: false, refund: true });
  });
});

describe('the list filters', () => {
  it('searches an order number by name and anything else by member, with the type, state, branch and dates', () => {
    expect(orderFilters({ ...SEARCH, q: ' acc-sinv-2026 ' })).toEqual([['name', 'like', '%acc-sinv-2026%']]);
    expect(orderFilters({ ...SEARCH, q: 'CUST-00012', type: 'redemption', branch: 'สาขาสยาม', from: '2026-01-01', to: '2026-01-31' })).toEqual([
      ['customer', 'like', '%CUST-00012%'], ['order_type', '=', 'redemption'], ['branch', '=', 'สาขาสยาม'], ['posting_date', '>=', '2026-01-01'], ['posting_date', '<=', '2026-01-31'],
    ]);
  });

  it('tells a partly refunded purchase from a paid one by the refunded amount', () => {
    expect(orderFilters({ ...SEARCH, state: 'paid' })).toEqual([['status', '=', 'Paid'], ['refunded_amount', '=', 0]]);
    expect(orderFilters({ ...SEARCH, state: 'partlyRefunded' })).toEqual([['status', '=', 'Paid'], ['refunded_amount', '>', 0]]);
  });
});
