import * as v from 'valibot';
import type { ServerModule } from '../../frappe/module';
import type { DoctypeDef } from '../../frappe/doctypes';
import { defineMethod, numeric, offsetArg } from '../../frappe/methods';
import { salesInvoices } from '../../db/schema/orders';
import { requestStatusMethod } from './request-status';
import { checkoutTotals, confirmPayment, expandInvoice, invoiceScope, ordersOf, placeOrder } from './service';

/** headless_e_commerce.api.place_order: gift redemption (branch, points only) or checkout (addresses, bank transfer). */
const placeOrderMethod = defineMethod({
  path: 'headless_e_commerce.api.place_order',
  verbs: ['POST'],
  allow: ['Member'],
  // The payload is validated by the service in the order of the app's forms (the first failure is the message).
  args: v.looseObject({}),
  handler: (ctx, args) => placeOrder(ctx, args as Record<string, unknown>),
});

/** Ours: the checkout figures exactly as place_order will compute them (totals, shipping, discount, points). */
const checkoutTotalsMethod = defineMethod({
  path: 'member_rewards.api.checkout_totals',
  verbs: ['GET', 'POST'],
  allow: ['Member'],
  args: v.looseObject({
    items: v.optional(v.unknown()),
    delivery_method: v.optional(v.picklist(['delivery', 'pickup'], 'Delivery method must be delivery or pickup')),
    order_type: v.optional(v.picklist(['purchase', 'redemption'], 'Order type must be purchase or redemption')),
  }),
  handler: (ctx, args) => checkoutTotals(ctx, args),
});

/** Ours: the back office confirms that a bank transfer arrived; the purchase's points are posted then. */
const confirmPaymentMethod = defineMethod({
  path: 'member_rewards.orders.confirm_payment',
  verbs: ['POST'],
  allow: ['System Manager'],
  args: v.looseObject({
    order: v.pipe(v.string('Order is required'), v.trim(), v.minLength(1, 'Order is required'), v.maxLength(140, 'Order is required')),
  }),
  handler: (ctx, args) => confirmPayment(ctx, args.order),
});

const getOrders = defineMethod({
  path: 'honda_api.api_calls.getuser.getorders',
  verbs: ['GET', 'POST'],
  allow: ['Member'],
  args: v.looseObject({
    start: v.optional(offsetArg()),
    limit: v.optional(v.pipe(numeric(), v.integer(), v.minValue(1), v.maxValue(100))),
    // The coupon screens read reward orders only, so a member's purchases never crowd them out of a page.
    order_type: v.optional(v.picklist(['redemption', 'purchase'], 'Order type must be redemption or purchase')),
  }),
  handler: (ctx, args) => ordersOf(ctx, { start: args.start ?? 0, limit: args.limit ?? 50, orderType: args.order_type }),
});

/**
 * Sales Invoice (a reward order and a purchase): members read their own, staff and branch managers their
 * branch's, loyalty managers every one. Written only by place_order.
 */
const salesInvoiceDoctype: DoctypeDef = {
  doctype: 'Sales Invoice',
  table: salesInvoices,
  fields: [
    'name', 'customer', 'order_type', 'posting_date', 'due_date', 'status', 'total', 'shipping_fee', 'discount_amount',
    'grand_total', 'loyalty_points', 'points_earned', 'payment_method', 'delivery_method', 'branch', 'customer_address',
    'shipping_address_name', 'address_display', 'owner', 'creation', 'modified',
  ],
  read: { allow: ['Member', 'Store Staff', 'Branch Manager', 'Loyalty Manager'], scope: invoiceScope },
  defaultOrder: 'creation desc',
  expand: expandInvoice,
};

export const ordersModule: ServerModule = {
  name: 'orders',
  methods: [placeOrderMethod, checkoutTotalsMethod, confirmPaymentMethod, getOrders, requestStatusMethod],
  doctypes: [salesInvoiceDoctype],
};
