import { randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { rewardCodeFrom } from '../../../contracts/reward-code';
import type { RequestContext } from '../../frappe/context';
import type { Executor } from '../../db/client';
import { FrappeError, notFound, validationError } from '../../frappe/errors';
import { argumentsRefusal } from '../../frappe/methods';
import { claimIdempotentRequest } from '../../frappe/request-status';
import { itemsByCode } from '../catalog/repository';
import { addDays, balanceOf, earnPoints, lockCustomer, lockCustomerRow, programOf, programWithRules, redeemPoints, tierOf } from '../loyalty/ledger';
import { today } from '../../../contracts/business-day';
import { forgetPages } from '../catalog/page-cache';
import { audit } from '../audit/service';
import { ALL_ROWS } from '../realtime/scope';
import { enforceItemRules } from './limits';
import { requireCustomer, requireOrderingMember } from '../loyalty/members';
import { enqueueEvent, itemSummary } from '../notifications/index';
import { isReward, loadOrderable, quote, quoteView } from './pricing';
import {
  branchByName, branchInvoices, cancelNoteOf, deliveryNotesOf, memberInvoices, userOfCustomer, rewardCodeOfOwn, insertDeliveryNote, insertInvoice, invoicesOf, itemsOf, lockInvoice, ownAddress, seriesNames,
  setInvoiceStatus, type DeliveryNoteRow, type InvoiceItemRow, type InvoiceRow, type OrdersPage,
} from './repository';
import { BILLING_ADDRESS_REQUIRED, type DeliveryMethod, type OrderKind, type OrderLineInput, type PlaceOrderInput } from '../../../contracts/order-payload';

export const PURCHASE_PAYMENT_METHODS = ['bank-transfer'] as const;
/** The gift form starts with payment_method 'bank-transfer'; a redemption is paid in points whatever it says. */
export const REDEMPTION_PAYMENT_METHODS = ['bank-transfer', 'points', 'loyalty-points'] as const;
export const POINTS_MISMATCH = 'Loyalty points do not match the price of the items';
export const MEMBER_BLOCKED = 'This membership is blocked. Please contact us.';

type AddressRow = NonNullable<Awaited<ReturnType<typeof ownAddress>>>;
const addressDisplay = (a: AddressRow) =>
  [
    [a.first_name, a.last_name].filter(Boolean).join(' '),
    a.address_line1,
    a.address_line2,
    a.city,
    [a.state && a.state !== 'Select One' ? a.state : '', a.pincode].filter(Boolean).join(' '),
    a.country,
    a.phone,
  ]
    .filter((x) => x && String(x).trim())
    .join(', ');

/**
 * A payload from neither form is answered with the complaint of the form it would come from: the gift form's when
 * every line is a reward, else the checkout's.
 */
async function unclearRefusal(ctx: RequestContext, input: Extract<PlaceOrderInput, { kind: 'unclear' }>) {
  const rows = await itemsByCode(ctx.db, input.items.map((l) => l.item_code));
  const gift = rows.length === input.items.length && rows.every(isReward);
  return gift && input.giftComplaint.length > 0 ? argumentsRefusal(input.giftComplaint) : validationError(BILLING_ADDRESS_REQUIRED);
}

type Program = NonNullable<Awaited<ReturnType<typeof programOf>>>;

/**
 * Posts the points a purchase earns, at the member's tier of the day. Only for a paid purchase: points for an
 * unpaid bank transfer would be spendable (and count towards the tier) before the money arrives, and a member
 * who never pays would keep them: points are earned on confirmed payment only.
 */
async function earnForPurchase(tx: Executor, inv: InvoiceRow, program: Program, postingDate: string, memberUser: string | null) {
  const tier = await tierOf(tx, inv.customer, program.name);
  await earnPoints(tx, {
    branch: inv.branch,
    customer: inv.customer,
    program,
    points: inv.points_earned,
    purchaseAmount: inv.total - inv.discount_amount,
    invoice: inv.name,
    source: 'purchase',
    postingDate,
    tier: tier.tier_name,
  });
  if (memberUser) {
    const balance = await balanceOf(tx, inv.customer, postingDate);
    await enqueueEvent(tx, 'points_received', { points: inv.points_earned, balance, source: 'purchase', order: inv.name }, { to: memberUser });
  }
}

/**
 * headless_e_commerce.api.place_order. Prices everything itself (client prices and points are checked
 * against it, never used), then in ONE transaction with the member's customer row locked: refuses a blocked
 * member, enforces the items' tiers, per-member limits and stock (taking the units), checks and spends the
 * points (FIFO by expiry), writes the Sales Invoice, a Draft Delivery Note per reward, and the points a
 * purchase earns once it is paid (at once when nothing is left to pay, else at confirm_payment).
 */
export async function placeOrder(ctx: RequestContext, input: PlaceOrderInput) {
  const customer = await requireOrderingMember(ctx);
  if (input.kind === 'unclear') throw await unclearRefusal(ctx, input);
  const kind = input.kind;
  const allowedPayments: readonly string[] = kind === 'redemption' ? REDEMPTION_PAYMENT_METHODS : PURCHASE_PAYMENT_METHODS;
  if (!allowedPayments.includes(input.payment_method)) throw validationError('This payment method is not available');

  const postingDate = today();
  // Independent reads side by side (on PostgreSQL each on its own connection): the programme, the items, the branch.
  const [{ program, rules: rulesInEffect }, items, branchRow] = await Promise.all([
    programWithRules(ctx.db, customer.loyalty_program, postingDate),
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
    if (q.loyalty_points > 0) {
      // Throws "You don't have enough Loyalty Points to redeem" (417) and rolls everything back.
      await redeemPoints(tx, { customer: customer.name, program: program!, points: q.loyalty_points, invoice: name, purchaseAmount: q.grand_total, postingDate, branch });
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

/**
 * member_rewards.orders.confirm_payment (back office): the money of a bank-transfer purchase has arrived. The order
 * becomes Paid and its points are posted, dated today (they expire from the day they became spendable). Exactly
 * once: the invoice row is locked and a second confirmation is refused.
 */
export async function confirmPayment(ctx: RequestContext, order: string) {
  const result = await ctx.db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, order);
    if (!inv) throw notFound(`Sales Invoice ${order} not found`);
    if (inv.order_type !== 'purchase') throw validationError('A reward order is paid in points: there is no payment to confirm');
    if (inv.status === 'Cancelled') throw validationError(`Sales Invoice ${order} was cancelled`, 'order_cancelled');
    if (inv.status !== 'Unpaid') throw validationError(`Sales Invoice ${order} is already paid`);
    await setInvoiceStatus(tx, inv.name, 'Paid');
    const program = inv.points_earned > 0 ? await programOf(tx, inv.customer) : null;
    const memberUser = await userOfCustomer(tx, inv.customer);
    if (program) {
      await lockCustomer(tx, inv.customer);
      await earnForPurchase(tx, inv, program, today(), memberUser);
    }
    if (memberUser) {
      await enqueueEvent(
        tx,
        'order_status',
        { order: inv.name, status: 'Paid', ...(program ? { points: inv.points_earned } : {}) },
        { to: memberUser },
      );
    }
    await audit(ctx, tx, {
      action: 'confirm_payment',
      doctype: 'Sales Invoice',
      name: inv.name,
      before: { status: inv.status },
      after: { status: 'Paid', points_posted: program ? inv.points_earned : 0 },
      branch: inv.branch,
    });
    return { name: inv.name, status: 'Paid', points_earned: program ? inv.points_earned : 0, member_user: memberUser };
  });
  ctx.services.notifyListUpdate('Sales Invoice', result.name, result.member_user ?? ctx.user.name);
  return { name: result.name, status: result.status, points_earned: result.points_earned };
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

function orderView(inv: InvoiceRow, lines: InvoiceItemRow[], notes: DeliveryNoteRow[]) {
  return {
    name: inv.name,
    order_type: inv.order_type,
    posting_date: inv.posting_date,
    due_date: inv.due_date,
    status: inv.status,
    // Who or what cancelled it (member, manager, uncollected, unpaid); a refunded purchase's baht given back.
    cancel_reason: inv.cancel_reason,
    cancelled_at: inv.cancelled_at ? inv.cancelled_at.toISOString() : null,
    refunded_amount: inv.refunded_amount,
    total: inv.total,
    shipping_fee: inv.shipping_fee,
    discount_amount: inv.discount_amount,
    grand_total: inv.grand_total,
    loyalty_points: inv.loyalty_points,
    points_earned: inv.points_earned,
    payment_method: inv.payment_method,
    delivery_method: inv.delivery_method,
    branch: inv.branch,
    customer_address: inv.customer_address,
    shipping_address_name: inv.shipping_address_name,
    address: inv.address_display,
    reward_code: inv.reward_code,
    creation: inv.creation,
    items: lines.map((l) => ({
      item_code: l.item_code,
      item_name: l.item_name,
      image: l.image,
      qty: l.qty,
      rate: l.rate,
      amount: l.amount,
      loyalty_points: l.loyalty_points,
    })),
    delivery_notes: notes.map((n) => ({ name: n.name, status: n.status, branch: n.branch, submitted_at: n.submitted_at })),
  };
}

/** honda_api.api_calls.getuser.getorders: the caller's own orders, newest first, with their delivery notes. */
export async function ordersOf(ctx: RequestContext, page: OrdersPage) {
  const customer = await requireCustomer(ctx);
  const invoices = await invoicesOf(ctx.db, customer.name, page);
  const names = invoices.map((i) => i.name);
  const [lines, notes] = await Promise.all([itemsOf(ctx.db, names), deliveryNotesOf(ctx.db, names)]);
  return invoices.map((inv) =>
    orderView(
      inv,
      lines.filter((l) => l.parent === inv.name),
      notes.filter((n) => n.sales_invoice === inv.name),
    ),
  );
}

/** Sales Invoice read: a member sees their own, store staff and branch managers their branch's, loyalty managers all. */
export function invoiceScope(ctx: RequestContext): SQL | null {
  const roles = ctx.user.roles;
  if (roles.includes('Loyalty Manager')) return ALL_ROWS;
  if (roles.includes('Store Staff') || roles.includes('Branch Manager')) return ctx.user.branch ? branchInvoices(ctx.user.branch) : null;
  return memberInvoices(ctx.db, ctx.user.name);
}

/**
 * The shipping address in parts, so the app can write it in the member's language: only while the saved address
 * still reads exactly as it did when the order was placed (the order's own text stays the record otherwise).
 */
async function shippingAddressOf(ctx: RequestContext, doc: Record<string, unknown>) {
  if (typeof doc.shipping_address_name !== 'string' || typeof doc.customer !== 'string' || typeof doc.address_display !== 'string') return null;
  const row = await ownAddress(ctx.db, doc.customer, doc.shipping_address_name);
  if (!row || addressDisplay(row) !== doc.address_display) return null;
  const { first_name, last_name, address_title, address_line1, address_line2, city, state, country, pincode, phone } = row;
  return { first_name, last_name, address_title, address_line1, address_line2, city, state, country, pincode, phone };
}

/**
 * The child rows of one invoice, added to /api/resource/Sales Invoice/{name}, and the reward code for its member
 * only: staff of the branch may read the order, but the code is what the member shows at the till.
 */
export async function expandInvoice(ctx: RequestContext, doc: Record<string, unknown>) {
  const name = String(doc.name);
  const [lines, notes, code, shipping] = await Promise.all([
    itemsOf(ctx.db, [name]),
    deliveryNotesOf(ctx.db, [name]),
    rewardCodeOfOwn(ctx.db, name, ctx.user.name),
    shippingAddressOf(ctx, doc),
  ]);
  return {
    ...doc,
    ...(code ? { reward_code: code } : {}),
    address: doc.address_display ?? null,
    shipping_address: shipping,
    items: lines.map((l) => ({ item_code: l.item_code, item_name: l.item_name, image: l.image, qty: l.qty, rate: l.rate, amount: l.amount, loyalty_points: l.loyalty_points })),
    delivery_notes: notes.map((n) => ({ name: n.name, status: n.status, branch: n.branch, submitted_at: n.submitted_at })),
    // The reason a manager typed when cancelling is internal: managers read it, the member and the till do not.
    ...(readsInternalNotes(ctx) ? { cancel_note: await cancelNoteOf(ctx.db, name) } : {}),
  };
}

const NOTE_READERS = ['System Manager', 'Loyalty Manager', 'Branch Manager'];
const readsInternalNotes = (ctx: RequestContext) => ctx.user.roles.some((r) => NOTE_READERS.includes(r));
