import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { frappe } from '@/lib/frappe';

const LineSchema = v.looseObject({
  item_code: v.string(),
  item_name: v.string(),
  image: v.optional(v.nullable(v.string()), null),
  qty: v.number(),
  rate: v.optional(v.number(), 0),
  amount: v.optional(v.number(), 0),
  loyalty_points: v.optional(v.number(), 0),
});
const NoteSchema = v.looseObject({ name: v.string(), status: v.string(), branch: v.optional(v.nullable(v.string()), null) });

export const OrderSchema = v.looseObject({
  name: v.string(),
  order_type: v.optional(v.string(), 'purchase'),
  posting_date: v.string(),
  due_date: v.optional(v.nullable(v.string()), null),
  status: v.optional(v.string(), ''),
  total: v.optional(v.number(), 0),
  shipping_fee: v.optional(v.number(), 0),
  discount_amount: v.optional(v.number(), 0),
  grand_total: v.optional(v.number(), 0),
  loyalty_points: v.optional(v.number(), 0),
  points_earned: v.optional(v.number(), 0),
  payment_method: v.optional(v.nullable(v.string()), null),
  delivery_method: v.optional(v.nullable(v.string()), null),
  branch: v.optional(v.nullable(v.string()), null),
  address: v.optional(v.nullable(v.string()), null),
  /** A reward order's till code (contracts/reward-code.ts); only its member is sent it. */
  reward_code: v.optional(v.nullable(v.string()), null),
  /** The shipping address in parts while the saved one still reads as it did; else only `address` (its text). */
  shipping_address: v.optional(
    v.nullable(
      v.looseObject({
        first_name: v.optional(v.nullable(v.string())),
        last_name: v.optional(v.nullable(v.string())),
        address_title: v.optional(v.nullable(v.string())),
        address_line1: v.optional(v.nullable(v.string())),
        address_line2: v.optional(v.nullable(v.string())),
        city: v.optional(v.nullable(v.string())),
        state: v.optional(v.nullable(v.string())),
        country: v.optional(v.nullable(v.string())),
        pincode: v.optional(v.nullable(v.union([v.string(), v.number()]))),
        phone: v.optional(v.nullable(v.string())),
      }),
    ),
    null,
  ),
  items: v.optional(v.array(LineSchema), []),
  delivery_notes: v.optional(v.array(NoteSchema), []),
});
export type Order = v.InferOutput<typeof OrderSchema>;

export const ordersKeys = {
  all: ['orders'] as const,
  list: () => ['orders', 'list'] as const,
  invoice: (name: string) => ['orders', 'invoice', name] as const,
};

export const ORDERS_PAGE = 20;

/** honda_api.api_calls.getuser.getorders: own orders, newest first, each with its delivery notes; a page at a time. */
export const ordersQuery = () =>
  infiniteQueryOptions({
    queryKey: ordersKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      frappe.call('honda_api.api_calls.getuser.getorders', { start: pageParam, limit: ORDERS_PAGE }, { signal, schema: v.array(OrderSchema) }),
    initialPageParam: 0,
    // A short page is the last one.
    getNextPageParam: (last, _pages, start) => (last.length < ORDERS_PAGE ? undefined : start + ORDERS_PAGE),
    staleTime: 15 * 1000,
    // A coupon handed over while the member was away shows as used as soon as they come back to the screen.
    refetchOnWindowFocus: 'always',
  });

/** The Sales Invoice with its items and delivery notes (own orders only). */
export const invoiceQuery = (name: string) =>
  queryOptions({
    queryKey: ordersKeys.invoice(name),
    queryFn: ({ signal }) => frappe.getDoc('Sales Invoice', name, { signal, schema: OrderSchema }),
    // Its status changes on the server (payment confirmed, coupon handed over): refetched whenever it is opened
    // online; offline, the saved copy still shows.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });

export type CouponState = 'usable' | 'used' | 'none';

/** A reward's state, from its first delivery note: Draft → usable, Submitted → used, anything else (or none) → nothing. */
export function couponState(order: Pick<Order, 'delivery_notes'>): CouponState {
  const status = order.delivery_notes[0]?.status;
  if (status === 'Draft') return 'usable';
  if (status === 'Submitted') return 'used';
  return 'none';
}
