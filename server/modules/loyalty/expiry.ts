import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loyaltyPointEntries } from '../../db/schema/loyalty';
import { addDays } from '../programme/rules';
import { againstRow } from './batches';

const E = loyaltyPointEntries;

/**
 * The expire rows due for one member on `asOf`: what is left of every batch whose last day is before `asOf`, dated
 * the day after that last day. Each row's event key is its batch's: a second writer (another instance, a retry)
 * writes nothing. Answers the rows written.
 */
export async function expireDue(tx: Executor, customer: string, asOf: string) {
  const moved = tx
    .select({ batch: E.redeem_against, moved: sql<number>`coalesce(sum(${E.loyalty_points}), 0)::int`.as('moved') })
    .from(E)
    .where(and(eq(E.customer, customer), isNotNull(E.redeem_against)))
    .groupBy(E.redeem_against)
    .as('moved');
  const due = await tx
    .select({
      name: E.name,
      expiry_date: E.expiry_date,
      loyalty_program: E.loyalty_program,
      loyalty_program_tier: E.loyalty_program_tier,
      branch: E.branch,
      left: sql<number>`(${E.loyalty_points} + coalesce(${moved.moved}, 0))::int`,
    })
    .from(E)
    .leftJoin(moved, eq(moved.batch, E.name))
    .where(and(eq(E.customer, customer), isNull(E.redeem_against), sql`${E.loyalty_points} > 0`, lt(E.expiry_date, asOf)));
  const rows = due
    .filter((b) => b.left > 0)
    .map((b) => ({
      ...againstRow(b, {
        customer,
        loyalty_program: b.loyalty_program,
        loyalty_points: -b.left,
        posting_date: addDays(b.expiry_date, 1),
        entry_type: 'expire',
        source: 'expiry',
        branch: b.branch,
      }),
      event_key: `expire:${b.name}`,
    }));
  if (!rows.length) return [];
  return tx.insert(E).values(rows).onConflictDoNothing({ target: E.event_key }).returning();
}
