import { randomBytes } from 'node:crypto';
import { rewardCodeFrom } from '../../../contracts/reward-code';
import type { RequestContext } from '../../frappe/context';
import { FrappeError, validationError } from '../../frappe/errors';
import { argumentsRefusal } from '../../frappe/methods';
import { claimIdempotentRequest } from '../../frappe/request-status';
import { itemsByCode } from '../catalog/repository';
import { addDays, lockCustomerRow, programOf, redeemPointsLeaving } from '../loyalty/ledger';
import { recordEvents } from '../webhooks/events';
import { today } from '../../../contracts/business-day';
import { forgetPages } from '../catalog/page-cache';
import { enforceItemRules } from './limits';
import { requireCustomer, requireOrderingMember } from '../loyalty/members';
import { enqueueEvent, itemSummary } from '../notifications/index';
import { isReward, loadOrderable, quote, quoteView } from './pricing';
import { branchByName, insertDeliveryNote, insertInvoice, ownAddress, seriesNames } from './repository';
import { BILLING_ADDRESS_REQUIRED, type DeliveryMethod, type OrderKind, type OrderLineInput, type PlaceOrderInput } from '../../../contracts/order-payload';

import { addressDisplay, type AddressRow } from './order-reads';
import { earnForPurchase } from './payment';

export const PURCHASE_PAYMENT_METHODS = ['bank-transfer'] as const;
/** The gift form starts with payment_method 'bank-transfer'; a redemption is paid in points whatever it says. */
export const REDEMPTION_PAYMENT_METHODS = ['bank-transfer', 'points', 'loyalty-points'] as const;
export const POINTS_MISMATCH = 'Loyalty points do not match the price of the items';
export const MEMBER_BLOCKED = 'This membership is blocked. Please contact us.';

/**
 * A payload from neither form is answered with the complaint of the form it would come from: the gift form's when
 * every line is a reward, else the checkout's.
 */
async function unclearRefusal(ctx: RequestContext, input: Extract<PlaceOrderInput, { kind: 'unclear' }>) {
  const rows = await itemsByCode(ctx.db, input.items.map((l) => l.item_code));
  const gift = rows.length === input.items.length && rows.every(isReward);
  return gift && input.giftComplaint.length > 0 ? argumentsRefusal(input.giftComplaint) : validationError(BILLING_ADDRESS_REQUIRED);
}

/**
 * headless_e_commerce.api.place_order. Prices everything itself (client prices and points are checked
 * against it, never used), then in ONE transaction with the member's customer row locked: refuses a blocked
 * member, enforces the items' tiers, per-member limits and stock (taking the units), checks and spends the
 * points (FIFO by expiry), writes the Sales Invoice, a Draft Delivery Note per reward, and the points a
 * purchase earns once it is paid (at once when nothing is left to pay, else at confirm_payment).
 */
export async function placeOrder(ctx: RequestContext, input: PlaceOrderInput) {
  const { customer, program, rules: rulesInEffect, day: postingDate } = await requireOrderingMember(ctx);
  if (input.kind === 'unclear') throw await unclearRefusal(ctx, input);
  const kind = input.kind;
  const allowedPayments: readonly string[] = kind === 'redemption' ? REDEMPTION_PAYMENT_METHODS : PURCHASE_PAYMENT_METHODS;
  if (!allowedPayments.includes(input.payment_method)) throw validationError('This payment method is not available');

  // Independent reads side by side (on PostgreSQL each on its own connection): the items, the branch.
  const [items, branchRow] = await Promise.all([
    loadOrderable(ctx.db, input.items, postingDate),
    input.branch ? branchByName(ctx.db, input.branch) : undefined,
  ]);
  const delivery: DeliveryMethod = input.kind === 'purchase' ? input.delivery_method : 'pickup';
  const q = await quote(ctx.db, kind, input.items, items, program, delivery, { customer: customer.name, branch: input.branch ?? null, day: postingDate });
  const rules = rulesInEffect?.rules ?? null;

  let branch: string | null = null;
  let billing: AddressRow | undefined;
  let shipping: AddressRow | undefined;
  if (input.kind === 'redemption') {
    if (input.loyalty_points !== q.loyalty_points) throw validationError(POINTS_MISMATCH, 'points_mismatch');
    branch = input.branch;
  } else {
    if (input.loyalty_points !== null && input.loyalty_points !== q.loyalty_points) throw validationError(POINTS_MISMATCH, 'points_mismatch');
    billing = await ownAddress(ctx.db, customer.name, input.billing_address);
    if (!billing) throw validationError('Billing address not found');
    shipping = input.shipping_address === input.billing_address ? billing : await ownAddress(ctx.db, customer.name, input.shipping_address);
    if (!shipping) throw validationError('Shipping address not found');
    branch = input.branch ?? null;
  }
  if (branch) {
    if (!branchRow) throw validationError(`Branch ${branch} not found`, 'branch_not_found');
    if (branchRow.disabled) throw validationError(`Branch ${branch} is not taking orders`, 'branch_disabled');
  }
  if (q.loyalty_points > 0 && !program) throw validationError('Customer isn\'t enrolled in any Loyalty Program');

  // The names of the order and of its delivery notes, taken before the member's lock (numbers are not transactional:
  // holding them inside would only lengthen the time other orders of this member wait).
  const year = postingDate.slice(0, 4);
  const rewardCount = q.lines.filter((l) => l.points > 0).length;
  const names = await seriesNames(ctx.db, [`ACC-SINV-${year}-`, ...Array.from({ length: rewardCount }, () => `MAT-DN-${year}-`)]);
  const name = names[0]!;
  const created = await ctx.db.transaction(async (tx) => {
    // The key a client may ask about after losing the answer (request_status): from here on it cannot be given up.
    await claimIdempotentRequest(tx, ctx.request);
    const locked = await lockCustomerRow(tx, customer.name);
    if (!locked) throw validationError('No customer is linked to this user');
    if (locked.blocked) throw new FrappeError('PermissionError', MEMBER_BLOCKED, { code: 'member_blocked' });
    const ranOut = await enforceItemRules(tx, customer.name, program, q.lines);
    const { invoice, lines } = await insertInvoice(
      tx,
      {
        name,
        customer: customer.name,
        order_type: kind,
        posting_date: postingDate,
        // A reward's valid-until day (collect it by then) or a bank transfer's due day (pay by then).
        due_date: addDays(postingDate, kind === 'redemption' ? (rules?.reward_valid_days ?? 30) : (rules?.purchase_due_days ?? 3)),
        status: q.grand_total > 0 ? 'Unpaid' : 'Paid',
        total: q.total,
        shipping_fee: q.shipping_fee,
        discount_amount: q.discount_amount,
        grand_total: q.grand_total,
        loyalty_points: q.loyalty_points,
        points_earned: q.points_to_earn,
        payment_method: kind === 'redemption' ? 'points' : input.payment_method,
        delivery_method: kind === 'redemption' ? 'pickup' : delivery,
        branch,
        customer_address: billing?.name ?? null,
        shipping_address_name: shipping?.name ?? null,
        address_display: shipping ? addressDisplay(shipping) : null,
        reward_code: kind === 'redemption' ? rewardCodeFrom(randomBytes(10)) : null,
        owner: ctx.user.name,
      },
      q.lines.map((l) => ({
        item_code: l.item.item_code,
        item_name: l.item.item_name,
        image: l.item.website_image,
        qty: l.qty,
        rate: l.rate,
        amount: l.amount,
        loyalty_points: l.points,
      })),
    );
    // What the member can spend once the order's points are gone (they are the only writer: their row is locked).
    let spendableAfter: number | undefined;
    if (q.loyalty_points > 0) {
      // Throws "You don't have enough Loyalty Points to redeem" (417) and rolls everything back.
      spendableAfter = (await redeemPointsLeaving(tx, { customer: customer.name, program: program!, points: q.loyalty_points, invoice: name, purchaseAmount: q.grand_total, postingDate, branch })).spendable;
    }
    if (q.points_to_earn > 0 && program && invoice.status === 'Paid') await earnForPurchase(tx, invoice, program, postingDate, ctx.user.name);
    const rewardLines = lines.filter((l) => l.loyalty_points > 0);
    if (rewardLines.length > 0) {
      await enqueueEvent(
        tx,
        'reward_ready',
        { order: name, item_name: itemSummary(rewardLines.map((l) => l.item_name)), branch },
        { to: ctx.user.name },
      );
    }
    const notes: string[] = [];
    // One note per reward line, linked to it: a cancelled or uncollected note gives back that line's points and stock.
    for (const [i, line] of rewardLines.entries()) {
      const dn = await insertDeliveryNote(tx, {
        name: names[i + 1]!,
        sales_invoice: name,
        customer: customer.name,
        branch,
        status: 'Draft',
        sales_invoice_item: line.id,
        owner: ctx.user.name,
      });
      notes.push(dn.name);
    }
    if (spendableAfter !== undefined) {
      // The events of the spend in one statement; a redemption (always points) is also a reward redeemed.
      const redeemed = { customer: customer.name, points: q.loyalty_points, balance: spendableAfter, order: name, branch };
      await recordEvents(tx, [
        { type: 'points.redeemed', data: redeemed },
        ...(kind === 'redemption' ? [{ type: 'reward.redeemed' as const, data: { ...redeemed, ...(invoice.reward_code ? { reward_code: invoice.reward_code } : {}) } }] : []),
      ]);
    }
    return { invoice, notes, ranOut };
  });
  if (created.ranOut) forgetPages(ctx.db);
  ctx.services.notifyListUpdate('Sales Invoice', created.invoice.name, ctx.user.name);
  for (const dn of created.notes) ctx.services.notifyListUpdate('Delivery Note', dn, ctx.user.name);
  return {
    doctype: 'Sales Invoice',
    name: created.invoice.name,
    order_type: kind,
    status: created.invoice.status,
    posting_date: created.invoice.posting_date,
    total: created.invoice.total,
    shipping_fee: created.invoice.shipping_fee,
    discount_amount: created.invoice.discount_amount,
    grand_total: created.invoice.grand_total,
    loyalty_points: created.invoice.loyalty_points,
    points_earned: created.invoice.points_earned,
    branch: created.invoice.branch,
    reward_code: created.invoice.reward_code,
    delivery_notes: created.notes,
  };
}

/** Checkout totals, computed exactly as place_order will (member_rewards.api.checkout_totals). */
export async function checkoutTotals(ctx: RequestContext, args: { items: OrderLineInput[]; delivery_method?: DeliveryMethod; order_type?: OrderKind; branch?: string }) {
  const customer = await requireCustomer(ctx);
  const lines = args.items;
  const kind: OrderKind = args.order_type === 'redemption' ? 'redemption' : 'purchase';
  const delivery: DeliveryMethod = args.delivery_method === 'pickup' ? 'pickup' : 'delivery';
  const program = await programOf(ctx.db, customer.name);
  const items = await loadOrderable(ctx.db, lines);
  return quoteView(await quote(ctx.db, kind, lines, items, program, delivery, { customer: customer.name, branch: args.branch || null, day: today() }));
}
