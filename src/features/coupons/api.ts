import { queryOptions } from '@tanstack/react-query';
import { frappe } from '@/lib/frappe';
import { today } from '../../../contracts/business-day';

/** An order as getorders answers it (the fields the coupon screens read). */
export interface RewardOrder {
  name: string;
  order_type?: string;
  posting_date: string;
  due_date?: string | null;
  status?: string;
  loyalty_points?: number;
  branch?: string | null;
  items: { item_code: string; item_name: string; image?: string | null; qty?: number; loyalty_points?: number }[];
  delivery_notes: { name?: string; status: string; branch?: string | null; submitted_at?: string | null }[];
}

export interface Coupon {
  /** The code staff scan: the reward order's name. */
  code: string;
  title: string;
  image?: string | null;
  itemCode: string;
  points: number;
  branch?: string | null;
  postingDate: string;
  expiry?: string | null;
  used: boolean;
  expired: boolean;
}

export const couponKeys = {
  // Under 'orders' so every order write (a redemption, a purchase) refreshes the coupons too.
  orders: () => ['orders', 'coupons'] as const,
};

/** The member's reward orders (getorders, redemptions only): each is a coupon. */
export const rewardOrdersQuery = () =>
  queryOptions({
    queryKey: couponKeys.orders(),
    queryFn: ({ signal }) =>
      frappe.call<RewardOrder[]>('honda_api.api_calls.getuser.getorders', { order_type: 'redemption', limit: 100 }, { signal }),
  });

/**
 * One coupon per reward order: usable while its delivery note is Draft ('coupon can be used') and not past
 * its due date, a business day (the server refuses it from the next day in Bangkok, whatever the phone's clock
 * zone); used once staff submitted it ('coupon already used').
 */
export function couponsFrom(orders: readonly RewardOrder[], now = today()): Coupon[] {
  const out: Coupon[] = [];
  for (const order of orders) {
    const isReward = order.order_type ? order.order_type === 'redemption' : (order.loyalty_points ?? 0) > 0;
    const note = order.delivery_notes[0];
    if (!isReward || !note) continue;
    const first = order.items[0];
    const used = note.status === 'Submitted';
    const expired = !used && Boolean(order.due_date && order.due_date < now);
    out.push({
      code: order.name,
      title: first?.item_name ?? order.name,
      image: first?.image,
      itemCode: first?.item_code ?? '',
      points: order.loyalty_points ?? first?.loyalty_points ?? 0,
      branch: order.branch ?? note.branch,
      postingDate: order.posting_date,
      expiry: order.due_date,
      used,
      expired: expired || (note.status !== 'Draft' && !used),
    });
  }
  return out;
}

export const isUsable = (c: Coupon) => !c.used && !c.expired;

/** Coupon column of the member card: the reward codes the member can still use. */
export const usableCount = (orders: readonly RewardOrder[]) => couponsFrom(orders).filter(isUsable).length;
