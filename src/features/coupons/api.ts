import type { Order } from '@/entities/orders';
import { today } from '../../../contracts/business-day';

export { rewardOrdersQuery } from '@/entities/orders';

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


/**
 * One coupon per reward order: usable while its delivery note is Draft ('coupon can be used') and not past
 * its due date, a business day (the server refuses it from the next day in Bangkok, whatever the phone's clock
 * zone); used once staff submitted it ('coupon already used').
 */
export function couponsFrom(orders: readonly Order[], now = today()): Coupon[] {
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
export const usableCount = (orders: readonly Order[]) => couponsFrom(orders).filter(isUsable).length;
