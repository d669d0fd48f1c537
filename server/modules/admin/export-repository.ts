import { and, asc, eq, gte, lte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { customers } from '../../db/schema/customers';
import { loyaltyPointEntries } from '../../db/schema/loyalty';
import { salesInvoices } from '../../db/schema/orders';
import { auditLog } from '../../db/schema/audit';
import type { ExportFilters, ExportKind } from '../../../contracts/admin';
import { addDays } from '../loyalty/ledger';
import { liveBalance } from './repository';

/**
 * One page of an export: the rows after `cursor` in the export's order (a keyset cursor: each page is its own
 * short query on an index, so no transaction or connection is held while a slow client downloads), and the
 * cursor of its last row. Values come in the order of EXPORT_COLUMNS.
 */
export interface ExportPage {
  rows: unknown[][];
  next: unknown[] | null;
}

type Cursor = unknown[] | null;

const eqIf = (col: PgColumn, value: string | null | undefined) => (value ? eq(col, value) : undefined);
type TextFilter = 'customer' | 'branch' | 'entry_type' | 'order_type' | 'status' | 'user' | 'action' | 'ref_doctype';
/** The filters named as the table's columns: each one given keeps the rows holding that value. */
const matching = <K extends TextFilter>(t: Record<K, PgColumn>, f: ExportFilters, names: K[]) => names.map((name) => eqIf(t[name], f[name]));
/** Whole days on a timestamp column (to_date includes its day). */
const stampDays = (col: PgColumn, f: ExportFilters) =>
  and(f.from_date ? gte(col, `${f.from_date} 00:00:00`) : undefined, f.to_date ? lt(col, `${addDays(f.to_date, 1)} 00:00:00`) : undefined);
const dateDays = (col: PgColumn, f: ExportFilters) => and(f.from_date ? gte(col, f.from_date) : undefined, f.to_date ? lte(col, f.to_date) : undefined);
const afterStamp = (stamp: PgColumn, name: PgColumn, cursor: Cursor) =>
  cursor ? sql`(${stamp}, ${name}) > (${String(cursor[0])}::timestamp, ${String(cursor[1])})` : undefined;

/** A page from its rows: their values, and the cursor of the last one when the page is full (more may follow). */
function pageOf<R>(rows: R[], size: number, values: (r: R) => unknown[], cursorOf: (r: R) => unknown[]): ExportPage {
  const last = rows[rows.length - 1];
  return { rows: rows.map(values), next: rows.length === size && last ? cursorOf(last) : null };
}

async function members(db: Executor, f: ExportFilters, cursor: Cursor, size: number): Promise<ExportPage> {
  const where: (SQL | undefined)[] = [eqIf(customers.name, f.customer), stampDays(customers.creation, f), cursor ? sql`${customers.name} > ${String(cursor[0])}` : undefined];
  if (f.blocked !== undefined) where.push(eq(customers.blocked, f.blocked));
  const rows = await db
    .select({
      customer: customers.name,
      full_name: sql<string>`coalesce(nullif(${users.full_name}, ''), ${customers.customer_name})`,
      mobile_no: users.mobile_no,
      email: users.email,
      creation: customers.creation,
      points: liveBalance(customers.name),
      blocked: customers.blocked,
    })
    .from(customers)
    .innerJoin(users, eq(users.name, customers.user))
    .where(and(...where))
    .orderBy(asc(customers.name))
    .limit(size);
  return pageOf(rows, size, (r) => [r.customer, r.full_name, r.mobile_no, r.email, String(r.creation).slice(0, 10), r.points, r.blocked], (r) => [r.customer]);
}

async function ledger(db: Executor, f: ExportFilters, cursor: Cursor, size: number): Promise<ExportPage> {
  const t = loyaltyPointEntries;
  const rows = await db
    .select()
    .from(t)
    .where(and(...matching(t, f, ['customer', 'entry_type']), dateDays(t.posting_date, f), afterStamp(t.creation, t.name, cursor)))
    .orderBy(asc(t.creation), asc(t.name))
    .limit(size);
  return pageOf(
    rows,
    size,
    (r) => [r.name, r.customer, r.entry_type, r.source, r.loyalty_points, r.posting_date, r.expiry_date, r.invoice, r.reason, r.note, r.member_text, r.staff_user, r.receipt_no, r.creation],
    (r) => [r.creation, r.name],
  );
}

async function orders(db: Executor, f: ExportFilters, cursor: Cursor, size: number): Promise<ExportPage> {
  const t = salesInvoices;
  const rows = await db
    .select()
    .from(t)
    .where(and(...matching(t, f, ['customer', 'order_type', 'status', 'branch']), dateDays(t.posting_date, f), afterStamp(t.creation, t.name, cursor)))
    .orderBy(asc(t.creation), asc(t.name))
    .limit(size);
  return pageOf(
    rows,
    size,
    (r) => [r.name, r.customer, r.order_type, r.posting_date, r.status, r.grand_total, r.loyalty_points, r.payment_method, r.delivery_method, r.branch, r.creation],
    (r) => [r.creation, r.name],
  );
}

async function audit(db: Executor, f: ExportFilters, cursor: Cursor, size: number): Promise<ExportPage> {
  const t = auditLog;
  const rows = await db
    .select()
    .from(t)
    .where(and(...matching(t, f, ['user', 'action', 'ref_doctype', 'branch']), stampDays(t.creation, f), cursor ? sql`${t.seq} > ${Number(cursor[0])}` : undefined))
    .orderBy(asc(t.seq))
    .limit(size);
  return pageOf(rows, size, (r) => [r.name, r.creation, r.user, r.role, r.branch, r.action, r.ref_doctype, r.ref_name, r.before, r.after, r.ip], (r) => [r.seq]);
}

export const EXPORT_PAGES: Record<ExportKind, (db: Executor, f: ExportFilters, cursor: Cursor, size: number) => Promise<ExportPage>> = {
  members,
  ledger,
  orders,
  audit,
};
