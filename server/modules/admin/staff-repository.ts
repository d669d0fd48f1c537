import { and, arrayOverlaps, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { branches } from '../../db/schema/orders';
import { STAFF_ROLES } from '../../../contracts/admin';

export type StaffUserRow = typeof users.$inferSelect;

const isStaff = arrayOverlaps(users.roles, [...STAFF_ROLES]);
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function findStaff(db: Executor, q: { branch: string | null; text: string; includeDisabled: boolean }, start: number, limit: number) {
  const where: (SQL | undefined)[] = [isStaff];
  if (q.branch) where.push(eq(users.branch, q.branch));
  if (!q.includeDisabled) where.push(eq(users.enabled, true));
  if (q.text) where.push(or(ilike(users.full_name, like(q.text)), ilike(users.name, like(q.text)), ilike(users.email, like(q.text))));
  const rows = await db
    .select({ user: users, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(users)
    .where(and(...where))
    .orderBy(asc(users.branch), asc(users.full_name), asc(users.name))
    .limit(limit)
    .offset(start);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(...where));
    total = Number(c?.n ?? 0);
  }
  return { rows: rows.map((r) => r.user), total };
}

/** A staff account (Store Staff or Branch Manager), its row locked for the rest of the transaction. */
export async function lockStaffUser(tx: Executor, name: string) {
  const [row] = await tx.select().from(users).where(and(eq(users.name, name), isStaff)).for('update');
  return row ?? null;
}

export async function insertStaffAccount(tx: Executor, row: typeof users.$inferInsert) {
  const [created] = await tx.insert(users).values(row).returning();
  return created!;
}

export async function updateStaffAccount(tx: Executor, name: string, set: Partial<typeof users.$inferInsert>) {
  const [row] = await tx.update(users).set({ ...set, modified: sql`now()` }).where(eq(users.name, name)).returning();
  return row!;
}

export async function branchRow(db: Executor, name: string) {
  const [row] = await db.select({ name: branches.name, disabled: branches.disabled }).from(branches).where(eq(branches.name, name)).limit(1);
  return row ?? null;
}
