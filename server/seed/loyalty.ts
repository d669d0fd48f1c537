import type { Executor } from '../db/client';
import { loyaltyPointEntries, loyaltyPrograms, loyaltyTiers, programmeRuleVersions } from '../db/schema/loyalty';
import type { ProgrammeRules } from '../../contracts/programme';
import { BRANCHES, DEMO_MEMBER, LOYALTY_PROGRAM } from './constants';

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
 * The demo programme's rules, in effect since before any demo point was earned: 1 point per 25 baht (a point worth
 * 1 baht), points valid 365 days, tiers on lifetime points with a bonus for Gold and Platinum (Silver earns the plain
 * rate, so the demo member's receipts earn what the app's samples say), a double-points campaign that ran two
 * months ago and one planned at Siam next month, birthday and sign-up bonuses, and reminders 30 and 7 days before
 * points expire.
 */
export function demoRules(): ProgrammeRules {
  return {
    baht_per_point: 25,
    point_value_baht: 1,
    rounding: 'down',
    expiry: { policy: 'days', days: 365 },
    tier_window: 'lifetime',
    tiers: [
      { name: 'Silver', threshold: 0, multiplier: 1, colour: '#a8a9ad', thumbnail: null },
      { name: 'Gold', threshold: 35, multiplier: 1.25, colour: '#d4af37', thumbnail: null },
      { name: 'Platinum', threshold: 100, multiplier: 1.5, colour: '#6e6f73', thumbnail: null },
    ],
    campaigns: [
      { id: 'double-days', name: 'Double points days', multiplier: 2, from_date: day(-60), to_date: day(-58), branches: [], item_groups: [], tiers: [] },
      { id: 'siam-weekend', name: 'Siam double points weekend', multiplier: 2, from_date: day(30), to_date: day(31), branches: [BRANCHES[0]], item_groups: [], tiers: [] },
    ],
    birthday_bonus: 50,
    signup_bonus: 20,
    daily_cap: 500,
    reminder_days: [30, 7],
    reward_valid_days: 30,
    uncollected_points_back: true,
    purchase_due_days: 3,
  };
}

/**
 * The programme, its rules, its tiers, and the demo member's 24 points in two batches earned on past purchases
 * (the older batch expires first).
 */
export async function seedLoyalty(tx: Executor): Promise<void> {
  await tx.insert(loyaltyPrograms).values({ name: LOYALTY_PROGRAM, collection_factor: 25, conversion_factor: 1, expiry_duration: 365 });
  await tx.insert(loyaltyTiers).values(DEMO_TIERS.map((t) => ({ ...t, loyalty_program: LOYALTY_PROGRAM })));
  await tx.insert(programmeRuleVersions).values({ loyalty_program: LOYALTY_PROGRAM, effective_from: day(-400), rules: demoRules(), note: 'demo programme', created_by: 'Administrator' });
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
