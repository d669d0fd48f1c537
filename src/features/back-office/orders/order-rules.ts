import type { ManagedOrder } from '@/entities/admin';

/** Roles that may cancel and refund; a Branch Manager reads their branch's orders only. */
const ORDER_WRITERS = ['System Manager', 'Loyalty Manager'];

export const ORDER_TYPES = ['all', 'redemption', 'purchase'] as const;
export const ORDER_STATES = ['all', 'unpaid', 'paid', 'partlyRefunded', 'refunded', 'cancelled'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export type OrderState = Exclude<(typeof ORDER_STATES)[number], 'all'>;

const cents = (baht: number) => Math.round(baht * 100);

/** Baht still refundable on a purchase: its grand total less what earlier refunds gave back (never below 0). */
export function leftToRefund(order: Pick<ManagedOrder, 'grand_total' | 'refunded_amount'>): number {
  return Math.max(0, cents(order.grand_total) - cents(order.refunded_amount)) / 100;
}

/** What became of an order, as the list and the order page name it: a paid purchase refunded in part is its own state. */
export function orderState(order: Pick<ManagedOrder, 'status' | 'refunded_amount'>): OrderState {
  if (order.status === 'Cancelled') return 'cancelled';
  if (order.status === 'Refunded') return 'refunded';
  if (order.status === 'Unpaid') return 'unpaid';
  return cents(order.refunded_amount) > 0 ? 'partlyRefunded' : 'paid';
}

/** A reward handed over at the till (its delivery note submitted) is used: it is never cancelled. */
export const rewardUsed = (order: Pick<ManagedOrder, 'order_type' | 'delivery_notes'>) =>
  order.order_type === 'redemption' && order.delivery_notes.some((n) => n.status === 'Submitted');

export interface OrderActions {
  cancel: boolean;
  refund: boolean;
}

/**
 * What the signed-in manager may do to this order (the server checks every call again): cancel an unused reward or
 * an unpaid purchase; refund a paid purchase while some of it is left to refund. Programme managers only.
 */
export function orderActions(order: ManagedOrder, roles: readonly string[]): OrderActions {
  if (!roles.some((r) => ORDER_WRITERS.includes(r))) return { cancel: false, refund: false };
  const state = orderState(order);
  const cancel = order.order_type === 'redemption' ? (state === 'paid' || state === 'unpaid') && !rewardUsed(order) : state === 'unpaid';
  const refund = order.order_type === 'purchase' && (state === 'paid' || state === 'partlyRefunded') && leftToRefund(order) > 0;
  return { cancel, refund };
}

const ORDER_NAME = /^(ACC-)?SINV-/i;

export interface OrderSearch {
  q: string;
  type: string;
  state: string;
  branch: string;
  from: string;
  to: string;
}

/**
 * The list's filters as Frappe filters (the page and its count use the same ones). The search box takes an order
 * number (ACC-SINV-…) or a member number (CUST-…): the count cannot take "or" filters, so the text's form decides.
 */
export function orderFilters(s: OrderSearch): unknown[][] {
  const f: unknown[][] = [];
  const q = s.q.trim();
  if (q) f.push([ORDER_NAME.test(q) ? 'name' : 'customer', 'like', `%${q}%`]);
  if (s.type === 'redemption' || s.type === 'purchase') f.push(['order_type', '=', s.type]);
  switch (s.state) {
    case 'unpaid': f.push(['status', '=', 'Unpaid']); break;
    case 'paid': f.push(['status', '=', 'Paid'], ['refunded_amount', '=', 0]); break;
    case 'partlyRefunded': f.push(['status', '=', 'Paid'], ['refunded_amount', '>', 0]); break;
    case 'refunded': f.push(['status', '=', 'Refunded']); break;
    case 'cancelled': f.push(['status', '=', 'Cancelled']); break;
  }
  if (s.branch) f.push(['branch', '=', s.branch]);
  if (s.from) f.push(['posting_date', '>=', s.from]);
  if (s.to) f.push(['posting_date', '<=', s.to]);
  return f;
}
