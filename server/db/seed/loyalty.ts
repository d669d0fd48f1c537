import type { Executor } from '../client';
import { loyaltyPointEntries, loyaltyPrograms, loyaltyTiers } from '../schema/loyalty';
import { DEMO_MEMBER, LOYALTY_PROGRAM } from './constants';

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** Tier thresholds in lifetime points earned: the demo member's 24 points make Silver, 11 short of Gold. */
export const DEMO_TIERS = [
  { tier_name: 'Silver', min_points: 0 },
  { tier_name: 'Gold', min_points: 35 },
  { tier_name: 'Platinum', min_points: 100 },
] as const;

/**
 * The programme (1 point per 25 baht, points valid 365 days), its tiers, and the demo member's 24 points in
 * two batches earned on past purchases (the older batch expires first).
 */
export async function seedLoyalty(tx: Executor): Promise<void> {
  await tx.insert(loyaltyPrograms).values({ name: LOYALTY_PROGRAM, collection_factor: 25, conversion_factor: 1, expiry_duration: 365 });
  await tx.insert(loyaltyTiers).values(DEMO_TIERS.map((t) => ({ ...t, loyalty_program: LOYALTY_PROGRAM })));
  const batches = [
    { name: 'LPE-demo000001', points: 15, amount: 375, posted: -300 },
    { name: 'LPE-demo000002', points: 9, amount: 225, posted: -40 },
  ];
  await tx.insert(loyaltyPointEntries).values(
    batches.map((b) => ({
      name: b.name,
      customer: DEMO_MEMBER.customer,
      loyalty_program: LOYALTY_PROGRAM,
      loyalty_program_tier: 'Silver',
      loyalty_points: b.points,
      purchase_amount: b.amount,
      posting_date: day(b.posted),
      expiry_date: day(b.posted + 365),
      source: 'purchase',
    })),
  );
}
