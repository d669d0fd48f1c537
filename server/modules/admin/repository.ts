import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { readSetting } from '../settings/repository';
import { memberDevices, settings, users } from '../../db/schema/auth';
import { customers } from '../../db/schema/customers';
import { loyaltyPointEntries, loyaltyPrograms } from '../../db/schema/loyalty';
import { pointImports } from '../../db/schema/audit';
import { liveBalanceSql } from '../loyalty/ledger';
import { activeAtBranch } from '../privacy/repository';

/** A member's live balance as a correlated subquery (the ledger's one definition of a balance). */
export const liveBalance = (customer: SQL | typeof customers.name) => liveBalanceSql(customer);

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface MemberQuery {
  text: string;
  /** Digits of the search when it may be (part of) a phone number. */
  digits: string | null;
  /** A customer found from a scanned member code. */
  customer: string | null;
  /** A Branch Manager's branch: only members active there are found. */
  activeAt?: string | null;
}

/** Members matching the search, newest first, with their balance and the number of all matches. */
export async function findMembers(db: Executor, q: MemberQuery, start: number, limit: number) {
  const parts: (SQL | undefined)[] = [];
  if (q.text) {
    const p = like(q.text);
    parts.push(ilike(users.full_name, p), ilike(customers.customer_name, p), ilike(users.email, p), ilike(customers.name, p));
  }
  if (q.digits) parts.push(ilike(users.mobile_no, like(q.digits)));
  if (q.customer) parts.push(eq(customers.name, q.customer));
  const where = and(parts.length ? or(...parts) : undefined, q.activeAt != null ? activeAtBranch(customers.name, q.activeAt) : undefined);
  const rows = await db
    .select({
      customer: customers.name,
      user: users.name,
      full_name: sql<string>`coalesce(nullif(${users.full_name}, ''), ${customers.customer_name})`,
      mobile_no: users.mobile_no,
      email: users.email,
      member_since: customers.creation,
      loyalty_points: liveBalance(customers.name),
      blocked: customers.blocked,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(customers)
    .innerJoin(users, eq(users.name, customers.user))
    .where(where)
    .orderBy(desc(customers.creation), asc(customers.name))
    .limit(limit)
    .offset(start);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(customers).innerJoin(users, eq(users.name, customers.user)).where(where);
    total = Number(c?.n ?? 0);
  }
  return { rows: rows.map(({ total: _t, ...r }) => r), total };
}

/** The member's Customer and User rows (locked for the transaction when asked). */
export async function memberRows(db: Executor, customer: string, lock = false) {
  const q = db.select({ customer: customers, user: users }).from(customers).innerJoin(users, eq(users.name, customers.user)).where(eq(customers.name, customer)).limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** One page of the member's ledger, newest first, and how many rows it has in all. */
export async function ledgerPage(db: Executor, customer: string, start: number, limit: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(loyaltyPointEntries)
      .where(eq(loyaltyPointEntries.customer, customer))
      .orderBy(desc(loyaltyPointEntries.posting_date), desc(loyaltyPointEntries.created_at), desc(loyaltyPointEntries.name))
      .limit(limit)
      .offset(start),
    db.select({ n: sql<number>`count(*)::int` }).from(loyaltyPointEntries).where(eq(loyaltyPointEntries.customer, customer)),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function devicesOf(db: Executor, user: string) {
  return db
    .select({ id: memberDevices.id, code_no: memberDevices.code_no, created_at: memberDevices.created_at, revoked_at: memberDevices.revoked_at, last_used_step: memberDevices.last_used_step })
    .from(memberDevices)
    .where(eq(memberDevices.user, user))
    .orderBy(desc(memberDevices.created_at))
    .limit(20);
}

export async function setBlocked(tx: Executor, customer: string, user: string, state: { blocked: boolean; reason: string | null; by: string | null }) {
  const [row] = await tx
    .update(customers)
    .set({
      blocked: state.blocked,
      blocked_reason: state.reason,
      blocked_at: state.blocked ? sql`now()` : null,
      blocked_by: state.by,
      modified: sql`now()`,
    })
    .where(eq(customers.name, customer))
    .returning({ blocked: customers.blocked, reason: customers.blocked_reason, at: customers.blocked_at, by: customers.blocked_by });
  // A blocked member's User is disabled: no session resolves and no sign-in (LINE or password) succeeds.
  await tx.update(users).set({ enabled: !state.blocked, modified: sql`now()` }).where(eq(users.name, user));
  return row!;
}

// ------------------------------------------------------------------------------------------- settings

export async function listSetting(db: Executor, key: string): Promise<string[] | null> {
  const value = await readSetting(db, key);
  return Array.isArray(value) ? value.map(String) : null;
}

export async function putSetting(db: Executor, key: string, value: unknown) {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } });
}

// ------------------------------------------------------------------------------------------- import

/** Customers by the phone of their User. */
export async function customersByPhone(db: Executor, phones: string[]) {
  if (!phones.length) return [];
  return db
    .select({ customer: customers.name, program: customers.loyalty_program, phone: users.mobile_no })
    .from(customers)
    .innerJoin(users, eq(users.name, customers.user))
    .where(inArray(users.mobile_no, phones));
}

/** Customers by member number, whatever its case (a number typed into a spreadsheet). */
export async function customersByName(db: Executor, names: string[]) {
  if (!names.length) return [];
  return db
    .select({ customer: customers.name, key: sql<string>`upper(${customers.name})`, program: customers.loyalty_program })
    .from(customers)
    .where(inArray(sql`upper(${customers.name})`, names.map((n) => n.toUpperCase())));
}

export async function allPrograms(db: Executor) {
  return db.select().from(loyaltyPrograms).orderBy(asc(loyaltyPrograms.name));
}

export async function committedImport(db: Executor, hash: string) {
  const [row] = await db.select().from(pointImports).where(eq(pointImports.content_hash, hash)).limit(1);
  return row ?? null;
}

/** Claims the file for this commit: false when it was committed before (or is being committed right now). */
export async function claimImport(tx: Executor, row: typeof pointImports.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(pointImports).values(row).onConflictDoNothing().returning({ hash: pointImports.content_hash });
  return inserted.length > 0;
}

export async function insertEntries(tx: Executor, rows: (typeof loyaltyPointEntries.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(loyaltyPointEntries).values(rows.slice(i, i + 1000));
}

