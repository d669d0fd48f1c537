import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callMethod, getDocOf } from '@/lib/api';
import { CHECKOUT_TOTALS, GET_ORDERS, SALES_INVOICE, type DeliveryMethod, type OrderLine } from '../../../contracts/orders';

export type {
  CheckoutTotals,
  DeliveryMethod,
  Order,
  OrderLine,
  PlacedOrder,
  PurchasePayload,
  RedemptionPayload,
} from '../../../contracts/orders';

export const orderKeys = {
  /** Every order screen (lists, details, coupons): refreshed after any order write or a change announced live. */
  all: ['orders'] as const,
  list: () => ['orders', 'list'] as const,
  rewards: () => ['orders', 'rewards'] as const,
  invoice: (name: string) => ['orders', 'invoice', name] as const,
  totals: (lines: OrderLine[], delivery: DeliveryMethod) => ['checkout-totals', delivery, lines] as const,
};

export const ORDERS_PAGE = 20;

/** The member's orders, newest first, each with its delivery notes; a page at a time. */
export const ordersQuery = () =>
  infiniteQueryOptions({
    queryKey: orderKeys.list(),
    queryFn: ({ pageParam, signal }) => callMethod(GET_ORDERS, { start: pageParam, limit: ORDERS_PAGE }, { signal }),
    initialPageParam: 0,
    // A short page is the last one.
    getNextPageParam: (last, _pages, start) => (last.length < ORDERS_PAGE ? undefined : start + ORDERS_PAGE),
    // A coupon is handed over at the till at any moment, announced only to a screen that listened then: the list is
    // read again whenever it is opened or the member comes back to it (the device's copy shows meanwhile).
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    meta: { persist: 'idb' },
  });

/** The member's reward orders only (each is a coupon), so purchases never crowd them out. */
export const rewardOrdersQuery = () =>
  queryOptions({
    queryKey: orderKeys.rewards(),
    queryFn: ({ signal }) => callMethod(GET_ORDERS, { order_type: 'redemption', limit: 100 }, { signal }),
    // Whether each coupon is still usable changes at the till: read again whenever shown, as the orders are.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    meta: { persist: 'idb' },
  });

/** One order with its lines and delivery notes (the member's own only). */
export const invoiceQuery = (name: string) =>
  queryOptions({
    queryKey: orderKeys.invoice(name),
    queryFn: ({ signal }) => getDocOf(SALES_INVOICE, name, { signal }),
    // Its status changes on the server (payment confirmed, coupon handed over): refetched whenever it is opened
    // online; offline, the saved copy still shows.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    enabled: Boolean(name),
    meta: { persist: 'idb' },
  });

/** The figures place_order will honour for these lines. */
export const checkoutTotalsQuery = (lines: OrderLine[], delivery: DeliveryMethod) =>
  queryOptions({
    queryKey: orderKeys.totals(lines, delivery),
    queryFn: ({ signal }) => callMethod(CHECKOUT_TOTALS, { items: lines, delivery_method: delivery }, { signal }),
    enabled: lines.length > 0,
    staleTime: 30 * 1000,
  });

export type CouponState = 'usable' | 'used' | 'none';

/** The first delivery note's Draft: usable; Submitted: used; anything else (or none): nothing. */
export function couponState(order: { delivery_notes: readonly { status: string }[] }): CouponState {
  const status = order.delivery_notes[0]?.status;
  if (status === 'Draft') return 'usable';
  if (status === 'Submitted') return 'used';
  return 'none';
}
