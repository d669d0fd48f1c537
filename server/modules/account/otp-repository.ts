import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { otpCodes } from '../../db/schema/auth';

export type OtpCodeRow = typeof otpCodes.$inferSelect;

/** Seconds since the latest code was sent to this phone (by anyone), or null when none was. */
export async function secondsSinceLastCode(db: Executor, phone: string): Promise<number | null> {
  const [latest] = await db
    .select({ age: sql<number>`extract(epoch from (now() - ${otpCodes.created_at}))::float` })
    .from(otpCodes)
    .where(eq(otpCodes.phone, phone))
    .orderBy(desc(otpCodes.id))
    .limit(1);
  return latest ? Number(latest.age) : null;
}

/** Stores a new code for the caller and this phone, valid `validSeconds`, in place of the caller's earlier ones. */
export async function replaceCode(tx: Executor, row: { phone: string; user: string; codeHash: string; validSeconds: number }): Promise<number> {
  await tx
    .update(otpCodes)
    .set({ used_at: sql`now()` })
    .where(and(eq(otpCodes.phone, row.phone), eq(otpCodes.user, row.user), isNull(otpCodes.used_at)));
  const [created] = await tx
    .insert(otpCodes)
    .values({ phone: row.phone, user: row.user, code_hash: row.codeHash, expires_at: sql`now() + make_interval(secs => ${row.validSeconds})` })
    .returning({ id: otpCodes.id });
  return created!.id;
}

export async function deleteCode(db: Executor, id: number) {
  await db.delete(otpCodes).where(eq(otpCodes.id, id));
}

/** The caller's latest unused, unexpired code for this phone, locked until the transaction ends. */
export async function liveCodeForUpdate(tx: Executor, phone: string, user: string): Promise<OtpCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), eq(otpCodes.user, user), isNull(otpCodes.used_at), gt(otpCodes.expires_at, sql`now()`)))
    .orderBy(desc(otpCodes.id))
    .limit(1)
    .for('update');
  return row;
}

export async function setAttempts(tx: Executor, id: number, attempts: number) {
  await tx.update(otpCodes).set({ attempts }).where(eq(otpCodes.id, id));
}

export async function markCodeUsed(tx: Executor, id: number) {
  await tx.update(otpCodes).set({ used_at: sql`now()` }).where(eq(otpCodes.id, id));
}
