import { and, desc, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settings } from '../../db/schema/auth';
import { addresses } from '../../db/schema/addresses';
import { items } from '../../db/schema/catalog';
import { customers } from '../../db/schema/customers';
import { branches, deliveryNotes, salesInvoiceItems, salesInvoices } from '../../db/schema/orders';
import type { OrderKind } from './validation';

export type InvoiceRow = typeof salesInvoices.$inferSelect;
export type InvoiceItemRow = typeof salesInvoiceItems.$inferSelect;
export type DeliveryNoteRow = typeof deliveryNotes.$inferSelect;

/**
 * Frappe's naming series (`ACC-SINV-.YYYY.-.#####`): the counter is a settings row updated in the caller's
 * transaction, so two orders never get the same name and a rolled-back order gives its number back.
 */
export async function nextInSeries(tx: Executor, prefix: string, digits = 5): Promise<string> {
  const key = `series:${prefix}`;
  const [row] = await tx
    .insert(settings)
    .values({ key, value: sql`'1'::jsonb` })
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`to_jsonb((${settings.value} #>> '{}')::int + 1)` } })
    .returning({ value: settings.value });
  return `${prefix}${String(Number(row?.value ?? 1)).padStart(digits, '0')}`;
}

/** A number from the settings table, or its default when none is set. */
export async function numberSetting(db: Executor, key: string, fallback: number): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  const n = Number(row?.value);
  return row && Number.isFinite(n) ? n : fallback;
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
  const [row] = await tx.insert(salesInvoices).values(invoice).returning();
  if (lines.length) await tx.insert(salesInvoiceItems).values(lines.map((l) => ({ ...l, parent: invoice.name })));
  return row!;
}

/** The invoice row, locked for the rest of the transaction (a payment is confirmed once). */
export async function lockInvoice(tx: Executor, name: string) {
  const [row] = await tx.select().from(salesInvoices).where(eq(salesInvoices.name, name)).for('update');
  return row ?? null;
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

/** Units of each item the customer has ordered so far, over all their orders. */
export async function orderedQty(db: Executor, customer: string, itemCodes: string[]): Promise<Map<string, number>> {
  if (itemCodes.length === 0) return new Map();
  const rows = await db
    .select({ code: salesInvoiceItems.item_code, qty: sql<number>`sum(${salesInvoiceItems.qty})::int` })
    .from(salesInvoiceItems)
    .innerJoin(salesInvoices, eq(salesInvoices.name, salesInvoiceItems.parent))
    .where(and(eq(salesInvoices.customer, customer), inArray(salesInvoiceItems.item_code, itemCodes)))
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
