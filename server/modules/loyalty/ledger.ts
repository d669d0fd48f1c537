import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loyaltyPointEntries, loyaltyTiers } from '../../db/schema/loyalty';

export const today = () => new Date().toISOString().slice(0, 10);

/**
 * Balance = sum of unexpired rows. Each redemption row carries the expiry date of the batch it consumed
 * (ERPNext's Loyalty Point Entry), so expired batches drop out together with what was spent from them.
 */
export async function balanceOf(db: Executor, customer: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${loyaltyPointEntries.loyalty_points}), 0)::int` })
    .from(loyaltyPointEntries)
    .where(and(eq(loyaltyPointEntries.customer, customer), gte(loyaltyPointEntries.expiry_date, today())));
  return Number(row?.total ?? 0);
}

/** Lifetime points earned (tier basis: spending points never lowers a tier). */
export async function pointsEarned(db: Executor, customer: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${loyaltyPointEntries.loyalty_points}), 0)::int` })
    .from(loyaltyPointEntries)
    .where(and(eq(loyaltyPointEntries.customer, customer), sql`${loyaltyPointEntries.loyalty_points} > 0`));
  return Number(row?.total ?? 0);
}

export interface TierInfo {
  tier_name: string | null;
  tier_thumbnail: string | null;
  next_tier_name: string | null;
  points_to_next_tier: number;
}

export async function tierOf(db: Executor, customer: string, program: string): Promise<TierInfo> {
  const earned = await pointsEarned(db, customer);
  const tiers = await db.select().from(loyaltyTiers).where(eq(loyaltyTiers.loyalty_program, program)).orderBy(asc(loyaltyTiers.min_points));
  const current = [...tiers].reverse().find((t) => earned >= t.min_points) ?? null;
  const next = tiers.find((t) => t.min_points > earned) ?? null;
  return {
    tier_name: current?.tier_name ?? null,
    tier_thumbnail: current?.tier_thumbnail ?? null,
    next_tier_name: next?.tier_name ?? null,
    points_to_next_tier: next ? next.min_points - earned : 0,
  };
}
