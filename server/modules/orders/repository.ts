import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addresses } from '../../db/schema/addresses';
import { items } from '../../db/schema/catalog';
import { branches, deliveryNotes, orderRefunds, salesInvoiceItems, salesInvoices } from '../../db/schema/orders';
import { loyaltyPointEntries } from '../../db/schema/loyalty';
import { customers } from '../../db/schema/customers';
import type { OrderKind } from '../../../contracts/order-payload';

export type InvoiceRow = typeof salesInvoices.$inferSelect;
export type InvoiceItemRow = typeof salesInvoiceItems.$inferSelect;
export type DeliveryNoteRow = typeof deliveryNotes.$inferSelect;

/**
 * Frappe's naming series (`ACC-SINV-.YYYY.-.#####`), numbered from one database sequence shared by every series:
 * names are unique and readable, not gapless (a rolled-back order leaves its number unused). A counter row updated
 * in the order's transaction would hold a lock every other order waits on until the first one commits.
 */
export async function nextInSeries(tx: Executor, prefix: string, digits = 5): Promise<string> {
  return (await seriesNames(tx, [prefix], digits))[0]!;
}

/** One name per prefix, in one statement (an order and its delivery notes). */
export async function seriesNames(db: Executor, prefixes: string[], digits = 5): Promise<string[]> {
  const { rows } = (await db.execute(sql`select nextval('document_no')::int as n from generate_series(1, ${prefixes.length})`)) as unknown as { rows: { n: number }[] };
  return prefixes.map((prefix, i) => `${prefix}${String(Number(rows[i]!.n)).padStart(digits, '0')}`);
}

export async function ownAddress(db: Executor, customer: string, name: string) {
  const [row] = await db.select().from(addresses).where(and(eq(addresses.name, name), eq(addresses.customer, customer))).limit(1);
  return row;
}

export async function branchByName(db: Executor, name: string) {
  const [row] = await db.select().from(branches).where(eq(branches.name, name)).limit(1);
  return row;
}

export async function insertInvoice(
  tx: Executor,
  invoice: typeof salesInvoices.$inferInsert,
  lines: Omit<typeof salesInvoiceItems.$inferInsert, 'parent'>[],
) {
  if (!lines.length) {
    const [row] = await tx.insert(salesInvoices).values(invoice).returning();
    return { invoice: row!, lines: [] };
  }
  // The invoice and its lines in one statement: the lines' insert is a CTE beside the invoice's (its foreign key is
  // checked at the end of the statement, when the invoice is there).
  const written = tx.$with('written_lines').as(tx.insert(salesInvoiceItems).values(lines.map((l) => ({ ...l, parent: invoice.name }))).returning());
  const inserted = tx.$with('inserted_invoice').as(tx.insert(salesInvoices).values(invoice).returning());
  const rows = await tx.with(inserted, written).select().from(inserted).innerJoin(written, sql`true`);
  return { invoice: rows[0]!.inserted_invoice, lines: rows.map((r) => r.written_lines).sort((a, b) => a.id - b.id) };
}

/** The invoice row, locked for the rest of the transaction (a payment is confirmed once). */
export async function lockInvoice(tx: Executor, name: string) {
  const [row] = await tx.select().from(salesInvoices).where(eq(salesInvoices.name, name)).for('update');
  return row ?? null;
}

/** The reason a manager typed when cancelling (null for every other cancellation, and for live orders). */
export async function cancelNoteOf(db: Executor, name: string) {
  const [row] = await db.select({ note: salesInvoices.cancel_note }).from(salesInvoices).where(eq(salesInvoices.name, name));
  return row?.note ?? null;
}

export async function setInvoiceStatus(tx: Executor, name: string, status: string) {
  await tx.update(salesInvoices).set({ status, modified: sql`now()` }).where(eq(salesInvoices.name, name));
}

export async function insertDeliveryNote(tx: Executor, note: typeof deliveryNotes.$inferInsert) {
  const [row] = await tx.insert(deliveryNotes).values(note).returning();
  return row!;
}

/** The customer's invoices, newest first. */
export interface OrdersPage {
  start: number;
  limit: number;
  orderType?: OrderKind;
}

export async function invoicesOf(db: Executor, customer: string, { start, limit, orderType }: OrdersPage) {
  return db
    .select()
    .from(salesInvoices)
    .where(and(eq(salesInvoices.customer, customer), orderType ? eq(salesInvoices.order_type, orderType) : undefined))
    .orderBy(desc(salesInvoices.creation), desc(salesInvoices.name))
    .limit(limit)
    .offset(start);
}

export async function itemsOf(db: Executor, invoices: string[]) {
  if (invoices.length === 0) return [];
  return db.select().from(salesInvoiceItems).where(inArray(salesInvoiceItems.parent, invoices)).orderBy(salesInvoiceItems.id);
}

export async function deliveryNotesOf(db: Executor, invoices: string[]) {
  if (invoices.length === 0) return [];
  return db.select().from(deliveryNotes).where(inArray(deliveryNotes.sales_invoice, invoices)).orderBy(deliveryNotes.creation, deliveryNotes.name);
}

/**
 * Takes `qty` units of a counted item in one conditional update (the row lock it takes queues concurrent orders
 * of the item): the units left, or null when fewer than `qty` are left. An uncounted item (stock_qty null) is
 * left alone and answers undefined. in_stock follows the count.
 */
export async function takeStock(tx: Executor, itemCode: string, qty: number): Promise<number | null | undefined> {
  const [taken] = await tx
    .update(items)
    .set({ stock_qty: sql`${items.stock_qty} - ${qty}`, in_stock: sql`${items.stock_qty} - ${qty} > 0`, modified: sql`now()` })
    .where(and(eq(items.item_code, itemCode), isNotNull(items.stock_qty), gte(items.stock_qty, qty)))
    .returning({ left: items.stock_qty });
  if (taken) return taken.left;
  const [row] = await tx.select({ stock: items.stock_qty }).from(items).where(eq(items.item_code, itemCode)).limit(1);
  return row?.stock === null || row?.stock === undefined ? undefined : null;
}

/** Units of each item the customer has ordered so far, over all their orders (less what was cancelled). */
export async function orderedQty(db: Executor, customer: string, itemCodes: string[]): Promise<Map<string, number>> {
  if (itemCodes.length === 0) return new Map();
  const rows = await db
    .select({ code: salesInvoiceItems.item_code, qty: sql<number>`sum(${salesInvoiceItems.qty})::int` })
    .from(salesInvoiceItems)
    .innerJoin(salesInvoices, eq(salesInvoices.name, salesInvoiceItems.parent))
    .where(
      and(
        eq(salesInvoices.customer, customer),
        inArray(salesInvoiceItems.item_code, itemCodes),
        // A cancelled order, or a reward line that was never handed over, gave its units back.
        sql`${salesInvoices.status} <> 'Cancelled'`,
        sql`not exists (select 1 from ${deliveryNotes} where ${deliveryNotes.sales_invoice_item} = ${salesInvoiceItems.id} and ${deliveryNotes.status} = 'Cancelled')`,
      ),
    )
    .groupBy(salesInvoiceItems.item_code);
  return new Map(rows.map((r) => [r.code, Number(r.qty)]));
}

/** The reward code of an invoice when `user` is its member; null for anyone else and for purchases. */
export async function rewardCodeOfOwn(db: Executor, invoice: string, user: string): Promise<string | null> {
  const [row] = await db
    .select({ code: salesInvoices.reward_code })
    .from(salesInvoices)
    .innerJoin(customers, eq(customers.name, salesInvoices.customer))
    .where(and(eq(salesInvoices.name, invoice), eq(customers.user, user)))
    .limit(1);
  return row?.code ?? null;
}

/** The user a Customer belongs to (null for a customer without one). */
export async function userOfCustomer(db: Executor, customer: string): Promise<string | null> {
  const [row] = await db.select({ user: customers.user }).from(customers).where(eq(customers.name, customer));
  return row?.user ?? null;
}

/** Read scopes of the Sales Invoice doctype: one branch's invoices, or one user's own. */
export const branchInvoices = (branch: string): SQL => sql`${salesInvoices.branch} = ${branch}`;
export const memberInvoices = (db: Executor, user: string): SQL =>
  inArray(salesInvoices.customer, db.select({ name: customers.name }).from(customers).where(sql`${customers.user} = ${user}`));
// ------------------------------------------------------------------------------------------- lifecycle

/**
 * Moves an order to Cancelled only from the state the caller saw (a conditional update): of two cancellers at once,
 * or a cancellation racing a payment, exactly one changes it. The row, or null when the state had moved on.
 */
export async function cancelInvoice(tx: Executor, name: string, from: string, fields: { reason: string; note: string | null; by: string }) {
  const [row] = await tx
    .update(salesInvoices)
    .set({ status: 'Cancelled', cancel_reason: fields.reason, cancel_note: fields.note, cancelled_by: fields.by, cancelled_at: sql`now()`, modified: sql`now()` })
    .where(and(eq(salesInvoices.name, name), eq(salesInvoices.status, from)))
    .returning();
  return row ?? null;
}

/** The order's Draft notes (all of them, or those given) become Cancelled: the ones that changed, with their lines. */
export async function cancelDraftNotes(tx: Executor, invoice: string) {
  return tx
    .update(deliveryNotes)
    .set({ status: 'Cancelled', cancelled_at: sql`now()`, modified: sql`now()` })
    .where(and(eq(deliveryNotes.sales_invoice, invoice), eq(deliveryNotes.status, 'Draft')))
    .returning({ name: deliveryNotes.name, line: deliveryNotes.sales_invoice_item });
}

/** Puts units back into an item's counted stock (an uncounted item is left alone): whether it was counted. */
export async function returnStock(tx: Executor, itemCode: string, qty: number): Promise<boolean> {
  const rows = await tx
    .update(items)
    .set({ stock_qty: sql`${items.stock_qty} + ${qty}`, in_stock: true, modified: sql`now()` })
    .where(and(eq(items.item_code, itemCode), isNotNull(items.stock_qty)))
    .returning({ code: items.item_code });
  return rows.length > 0;
}

export async function setRefunded(tx: Executor, name: string, refunded: number, status: string) {
  await tx.update(salesInvoices).set({ refunded_amount: refunded, status, modified: sql`now()` }).where(eq(salesInvoices.name, name));
}

export async function insertRefund(tx: Executor, row: typeof orderRefunds.$inferInsert) {
  const [written] = await tx.insert(orderRefunds).values(row).returning();
  return written!;
}

/** Refunds, newest first, with how many match and the shortfall points they add up to. */
export async function refundsPage(db: Executor, f: { customer?: string | null; order?: string | null; shortfallOnly: boolean; start: number; limit: number }) {
  const where = and(
    f.customer ? eq(orderRefunds.customer, f.customer) : undefined,
    f.order ? eq(orderRefunds.sales_invoice, f.order) : undefined,
    f.shortfallOnly ? gt(orderRefunds.points_shortfall, 0) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db.select().from(orderRefunds).where(where).orderBy(desc(orderRefunds.creation), desc(orderRefunds.name)).limit(f.limit).offset(f.start),
    db.select({ n: sql<number>`count(*)::int`, shortfall: sql<number>`coalesce(sum(${orderRefunds.points_shortfall}), 0)::int` }).from(orderRefunds).where(where),
  ]);
  return { rows, total: Number(totals?.n ?? 0), shortfall: Number(totals?.shortfall ?? 0) };
}

/** Reward orders past their valid-until day with a note still waiting to be collected, by name after a cursor. */
export async function uncollectedOrders(db: Executor, day: string, after: string, limit: number) {
  const rows = await db
    .select({ name: salesInvoices.name })
    .from(salesInvoices)
    .where(
      and(
        eq(salesInvoices.order_type, 'redemption'),
        sql`${salesInvoices.status} <> 'Cancelled'`,
        lt(salesInvoices.due_date, day),
        gt(salesInvoices.name, after),
        sql`exists (select 1 from ${deliveryNotes} where ${deliveryNotes.sales_invoice} = ${salesInvoices.name} and ${deliveryNotes.status} = 'Draft')`,
      ),
    )
    .orderBy(asc(salesInvoices.name))
    .limit(limit);
  return rows.map((r) => r.name);
}

/** Bank-transfer purchases still unpaid after their due day, by name after a cursor. */
export async function overdueUnpaidOrders(db: Executor, day: string, after: string, limit: number) {
  const rows = await db
    .select({ name: salesInvoices.name })
    .from(salesInvoices)
    .where(and(eq(salesInvoices.order_type, 'purchase'), eq(salesInvoices.status, 'Unpaid'), lt(salesInvoices.due_date, day), gt(salesInvoices.name, after)))
    .orderBy(asc(salesInvoices.name))
    .limit(limit);
  return rows.map((r) => r.name);
}

/** Points an order's own purchase batches were worth (what a refund takes back in proportion). */
export async function pointsEarnedBy(db: Executor, invoice: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${loyaltyPointEntries.loyalty_points}), 0)::int` })
    .from(loyaltyPointEntries)
    .where(and(eq(loyaltyPointEntries.invoice, invoice), eq(loyaltyPointEntries.entry_type, 'earn'), isNull(loyaltyPointEntries.redeem_against)));
  return Number(row?.total ?? 0);
}

/** The member (User) an order belongs to, for the realtime notice after a change. */
export async function memberUserOfOrder(db: Executor, order: string): Promise<string | null> {
  const [row] = await db
    .select({ user: customers.user })
    .from(salesInvoices)
    .innerJoin(customers, eq(customers.name, salesInvoices.customer))
    .where(eq(salesInvoices.name, order))
    .limit(1);
  return row?.user ?? null;
}
