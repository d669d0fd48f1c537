import type { Executor } from '../../db/client';
import { validationError } from '../../frappe/errors';
import { itemsByCode, type ItemRow } from '../catalog/repository';
import { formatBaht } from '../../../contracts/money';
import type { Program } from '../loyalty/ledger';
import { earningForMember } from '../programme/service';
import { today } from '../../../contracts/business-day';
import { onSchedule } from '../../../contracts/item-schedule';
import { numberSetting } from '../settings/repository';
import type { DeliveryMethod, OrderKind, OrderLineInput } from '../../../contracts/order-payload';

/** The shipping fee and the checkout discount, in baht: settings, with these defaults until the back office sets them. */
export const SHIPPING_FEE_SETTING = 'shipping_fee';
export const DISCOUNT_SETTING = 'checkout_discount';
export const DEFAULT_SHIPPING_FEE = 59;
export const DEFAULT_DISCOUNT = 99;

export interface PricedLine {
  item: ItemRow;
  qty: number;
  /** Baht per unit (0 for a reward: rewards are paid in points). */
  rate: number;
  amount: number;
  /** Points for the whole line (rewards only). */
  points: number;
}

export interface Quote {
  kind: OrderKind;
  lines: PricedLine[];
  total: number;
  shipping_fee: number;
  discount_amount: number;
  grand_total: number;
  /** Points the order costs (the rewards in it). */
  loyalty_points: number;
  /** Points the member will earn: the programme's rule applied to what is paid for goods. */
  points_to_earn: number;
}

/** Who earns on the order, where and on which day (the rules, tier and campaigns of that day apply). */
export interface Earner {
  customer: string;
  branch: string | null;
  day: string;
}

export const isReward = (item: Pick<ItemRow, 'loyalty_points_based_price'>) => (item.loyalty_points_based_price ?? 0) > 0;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Loads the items and refuses what cannot be ordered now: unknown, unpublished, out of stock, outside its schedule. */
export async function loadOrderable(db: Executor, lines: OrderLineInput[], asOf: string = today()): Promise<Map<string, ItemRow>> {
  const rows = await itemsByCode(db, lines.map((l) => l.item_code));
  const byCode = new Map(rows.map((r) => [r.item_code, r]));
  for (const line of lines) {
    const item = byCode.get(line.item_code);
    if (!item || !item.published) throw validationError(`Item ${line.item_code} not found`, 'item_not_found');
    if (!item.in_stock) throw validationError(`${item.item_code} Not in Stock`, 'out_of_stock');
    if (!onSchedule(item, asOf)) {
      throw validationError(`${item.item_name} is not available now`, 'item_not_available');
    }
  }
  return byCode;
}

/**
 * Prices an order from the server's own data only: a reward costs its loyalty_points_based_price per unit;
 * a product its price_list_rate. Purchases pay shipping (delivery only) and get the checkout discount (never
 * more than the goods); a redemption is points only.
 */
export async function quote(
  db: Executor,
  kind: OrderKind,
  lines: OrderLineInput[],
  items: Map<string, ItemRow>,
  program: Program | null,
  delivery: DeliveryMethod,
  earner: Earner,
): Promise<Quote> {
  const priced: PricedLine[] = lines.map((l) => {
    const item = items.get(l.item_code)!;
    if (isReward(item)) {
      return { item, qty: l.qty, rate: 0, amount: 0, points: item.loyalty_points_based_price! * l.qty };
    }
    if (kind === 'redemption') throw validationError(`${item.item_name} cannot be redeemed with points`);
    const rate = Number(item.price_list_rate);
    return { item, qty: l.qty, rate, amount: round2(rate * l.qty), points: 0 };
  });
  const total = round2(priced.reduce((s, l) => s + l.amount, 0));
  const loyalty_points = priced.reduce((s, l) => s + l.points, 0);
  if (kind === 'redemption') {
    return { kind, lines: priced, total: 0, shipping_fee: 0, discount_amount: 0, grand_total: 0, loyalty_points, points_to_earn: 0 };
  }
  const shippingSetting = await numberSetting(db, SHIPPING_FEE_SETTING, DEFAULT_SHIPPING_FEE);
  const discountSetting = await numberSetting(db, DISCOUNT_SETTING, DEFAULT_DISCOUNT);
  const shipping_fee = delivery === 'delivery' ? shippingSetting : 0;
  const discount_amount = round2(Math.min(discountSetting, total));
  const grand_total = round2(total + shipping_fee - discount_amount);
  // The goods' lines (by item group, for campaigns on groups), with the discount shared over them.
  const goods = priced.filter((l) => l.amount > 0).map((l) => ({ amount: l.amount, item_group: l.item.item_group }));
  const earned = program && goods.length ? await earningForMember(db, { ...earner, program, lines: goods, discount: discount_amount }) : null;
  const points_to_earn = earned?.earning.points ?? 0;
  return { kind, lines: priced, total, shipping_fee, discount_amount, grand_total, loyalty_points, points_to_earn };
}

/** The quote as the app shows it (the figures place_order will honour). */
export function quoteView(q: Quote) {
  return {
    items: q.lines.map((l) => ({
      item_code: l.item.item_code,
      item_name: l.item.item_name,
      item_group: l.item.item_group,
      image: l.item.website_image,
      qty: l.qty,
      rate: l.rate,
      amount: l.amount,
      formatted_amount: formatBaht(l.amount),
      loyalty_points: l.points,
    })),
    total: q.total,
    shipping_fee: q.shipping_fee,
    discount_amount: q.discount_amount,
    grand_total: q.grand_total,
    formatted_total: formatBaht(q.total),
    formatted_shipping_fee: formatBaht(q.shipping_fee),
    formatted_discount_amount: formatBaht(q.discount_amount),
    formatted_grand_total: formatBaht(q.grand_total),
    loyalty_points: q.loyalty_points,
    points_to_earn: q.points_to_earn,
  };
}
