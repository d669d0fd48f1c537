import { and, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { customers } from '../../db/schema/customers';
import { integrationReceipts, pointHolds } from '../../db/schema/integration';

export type ReceiptRow = typeof integrationReceipts.$inferSelect;
export type HoldRow = typeof pointHolds.$inferSelect;

const memberColumns = {
  customer: customers.name,
  customer_name: customers.customer_name,
  blocked: customers.blocked,
  erased_at: customers.erased_at,
  user: users.name,
  full_name: users.full_name,
  mobile_no: users.mobile_no,
  phone_verified: users.phone_verified,
};

/** A member by customer, by account, or by a verified phone number (an unverified one names nobody). */
export async function memberBy(db: Executor, by: { customer: string } | { user: string } | { phone: string }) {
  const where =
    'customer' in by ? eq(customers.name, by.customer) : 'user' in by ? eq(users.name, by.user) : and(eq(users.mobile_no, by.phone), eq(users.phone_verified, true));
  const [row] = await db.select(memberColumns).from(customers).innerJoin(users, eq(users.name, customers.user)).where(where).limit(1);
  return row ?? null;
}
export type IntegrationMember = NonNullable<Awaited<ReturnType<typeof memberBy>>>;

export async function receiptOf(db: Executor, client: string, branch: string, receiptNo: string, lock = false) {
  const q = db
    .select()
    .from(integrationReceipts)
    .where(and(eq(integrationReceipts.client, client), eq(integrationReceipts.branch, branch), eq(integrationReceipts.receipt_no, receiptNo)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/**
 * Claims a receipt number for the client and branch: the row, or null when it is taken. The unique index decides,
 * so of two posts racing, the second waits for the first and gets null once the first commits (or the row, if the
 * first rolled back).
 */
export async function claimReceipt(tx: Executor, row: { client: string; branch: string; receipt_no: string; customer: string; amount: number }) {
  const [claimed] = await tx
    .insert(integrationReceipts)
    .values({ ...row, points: 0, entry: '', answer: {} })
    .onConflictDoNothing({ target: [integrationReceipts.client, integrationReceipts.branch, integrationReceipts.receipt_no] })
    .returning({ id: integrationReceipts.id });
  return claimed ?? null;
}

export async function updateReceipt(tx: Executor, id: number, set: Partial<typeof integrationReceipts.$inferInsert>) {
  await tx.update(integrationReceipts).set(set).where(eq(integrationReceipts.id, id));
}

export async function insertHold(tx: Executor, row: typeof pointHolds.$inferInsert): Promise<HoldRow> {
  const [created] = await tx.insert(pointHolds).values(row).returning();
  return created!;
}

/** A client's own hold (another client's looks missing). */
export async function holdOf(db: Executor, client: string, name: string): Promise<HoldRow | null> {
  const [row] = await db
    .select()
    .from(pointHolds)
    .where(and(eq(pointHolds.name, name), eq(pointHolds.client, client)))
    .limit(1);
  return row ?? null;
}

/**
 * Settles a hold that is still held, in one conditional update: the one writer whose update finds it `held` wins
 * (a capture only before `expires_at`), every other finds nothing. Answers the settled row, or null.
 */
export async function settleHold(
  tx: Executor,
  name: string,
  to: { status: 'captured'; captured_points: number; now: Date } | { status: 'released'; now: Date },
): Promise<HoldRow | null> {
  const [row] = await tx
    .update(pointHolds)
    .set({ status: to.status, captured_points: to.status === 'captured' ? to.captured_points : null, settled_at: to.now })
    .where(and(eq(pointHolds.name, name), eq(pointHolds.status, 'held'), to.status === 'captured' ? sql`${pointHolds.expires_at} > ${to.now.toISOString()}` : undefined))
    .returning();
  return row ?? null;
}

/** Marks every held hold whose time is up as expired, exactly once whoever runs it: the rows this call expired. */
export async function expireHolds(tx: Executor, now: Date, limit: number): Promise<HoldRow[]> {
  return tx
    .update(pointHolds)
    .set({ status: 'expired', settled_at: now })
    .where(
      sql`${pointHolds.name} in (select ${pointHolds.name} from ${pointHolds} where ${pointHolds.status} = 'held' and ${lte(pointHolds.expires_at, now)} order by ${pointHolds.expires_at} limit ${limit} for update skip locked)`,
    )
    .returning();
}
