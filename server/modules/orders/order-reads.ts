import type { SQL } from 'drizzle-orm';
import type { RequestContext } from '../../frappe/context';
import { ALL_ROWS } from '../realtime/scope';
import { requireCustomer } from '../loyalty/members';
import { branchInvoices, cancelNoteOf, deliveryNotesOf, memberInvoices, rewardCodeOfOwn, invoicesOf, itemsOf, ownAddress, type DeliveryNoteRow, type InvoiceItemRow, type InvoiceRow, type OrdersPage } from './repository';

/** Orders as members, the till and the back office read them. */

export type AddressRow = NonNullable<Awaited<ReturnType<typeof ownAddress>>>;
export const addressDisplay = (a: AddressRow) =>
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
