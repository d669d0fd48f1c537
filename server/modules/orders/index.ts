import type { ServerModule } from '../../frappe/module';
import type { DoctypeDef } from '../../frappe/doctypes';
import { defineMethod } from '../../frappe/methods';
import { CHECKOUT_TOTALS, CONFIRM_PAYMENT, GET_ORDERS, PLACE_ORDER, SALES_INVOICE } from '../../../contracts/orders';
import { salesInvoices } from '../../db/schema/orders';
import { requestStatusMethod } from './request-status';
import { orderingMemberRead } from '../account/repository';
import { checkoutTotals, placeOrder } from './place-order';
import { confirmPayment } from './payment';
import { expandInvoice, invoiceScope, ordersOf } from './order-reads';
import { cancelOrder, cancelRewardOrder, listRefunds, refundOrder } from './lifecycle';
import { CANCEL_ORDER, CANCEL_REWARD_ORDER, LIST_REFUNDS, REFUND_ORDER } from '../../../contracts/order-lifecycle';

/** headless_e_commerce.api.place_order: gift redemption (branch, points only) or checkout (addresses, bank transfer). */
const placeOrderMethod = defineMethod({
  ...PLACE_ORDER,
  verbs: ['POST'],
  allow: ['Member'],
  // The member's customer comes with the session (one statement fewer on every order).
  withSession: orderingMemberRead,
  handler: (ctx, args) => placeOrder(ctx, args),
});

/** Ours: the checkout figures exactly as place_order will compute them (totals, shipping, discount, points). */
const checkoutTotalsMethod = defineMethod({
  ...CHECKOUT_TOTALS,
  verbs: ['GET', 'POST'],
  allow: ['Member'],
  handler: (ctx, args) => checkoutTotals(ctx, args),
});

/** Ours: the back office confirms that a bank transfer arrived; the purchase's points are posted then. */
const confirmPaymentMethod = defineMethod({
  ...CONFIRM_PAYMENT,
  verbs: ['POST'],
  allow: ['System Manager'],
  handler: (ctx, args) => confirmPayment(ctx, args.order),
});

const getOrders = defineMethod({
  ...GET_ORDERS,
  verbs: ['GET', 'POST'],
  allow: ['Member'],
  handler: (ctx, args) => ordersOf(ctx, { start: args.start ?? 0, limit: args.limit ?? 50, orderType: args.order_type }),
});

/** Ours: the member cancels their own unused reward order (points back with their expiry, stock back). */
const cancelRewardOrderMethod = defineMethod({
  ...CANCEL_REWARD_ORDER,
  verbs: ['POST'],
  allow: ['Member'],
  handler: (ctx, args) => cancelRewardOrder(ctx, args.order),
});

/** Ours: a manager cancels an unused reward order or an unpaid purchase, with a reason. */
const cancelOrderMethod = defineMethod({
  ...CANCEL_ORDER,
  verbs: ['POST'],
  allow: ['Loyalty Manager', 'Branch Manager'],
  handler: (ctx, args) => cancelOrder(ctx, args),
});

/** Ours: a Loyalty Manager refunds (part of) a paid purchase; its points come back in proportion. */
const refundOrderMethod = defineMethod({
  ...REFUND_ORDER,
  verbs: ['POST'],
  allow: ['Loyalty Manager'],
  handler: (ctx, args) => refundOrder(ctx, args),
});

const listRefundsMethod = defineMethod({
  ...LIST_REFUNDS,
  verbs: ['GET', 'POST'],
  allow: ['Loyalty Manager'],
  handler: (ctx, args) => listRefunds(ctx, args),
});

/**
 * Sales Invoice (a reward order and a purchase): members read their own, staff and branch managers their
 * branch's, loyalty managers every one. Written only by place_order.
 */
const salesInvoiceDoctype: DoctypeDef = {
  ...SALES_INVOICE,
  table: salesInvoices,
  read: { allow: ['Member', 'Store Staff', 'Branch Manager', 'Loyalty Manager'], scope: invoiceScope },
  defaultOrder: 'creation desc',
  expand: expandInvoice,
};

export const ordersModule: ServerModule = {
  name: 'orders',
  methods: [
    placeOrderMethod, checkoutTotalsMethod, confirmPaymentMethod, getOrders, requestStatusMethod,
    cancelRewardOrderMethod, cancelOrderMethod, refundOrderMethod, listRefundsMethod,
  ],
  doctypes: [salesInvoiceDoctype],
};
