import * as v from 'valibot';
import { methodContract } from './contract';

/** The member's points (a ledger of Loyalty Point Entries) and the programme's public figures. */

const text = v.optional(v.nullable(v.string()), null);

export const PointsEntrySchema = v.looseObject({
  name: v.string(),
  loyalty_points: v.number(),
  posting_date: v.string(),
  expiry_date: text,
  invoice: text,
  source: text,
  /** earn, redeem, adjust, expire, reverse, refund (contracts/admin.ts ENTRY_TYPES). */
  entry_type: v.optional(v.string()),
  /** An adjustment's line for the member, shown instead of the generic one. */
  member_text: text,
});
export type PointsEntry = v.InferOutput<typeof PointsEntrySchema>;

/** The member's own rows (record), the balance, the tier and the next batch to expire. */
export const PointsDetailsSchema = v.looseObject({
  loyalty_points: v.number(),
  points_earned: v.optional(v.number(), 0),
  loyalty_program_tier: text,
  next_tier_name: text,
  points_to_next_tier: v.optional(v.number(), 0),
  next_expiry_date: text,
  next_expiry_points: v.optional(v.number(), 0),
  record: v.array(PointsEntrySchema),
});
export type PointsDetails = v.InferOutput<typeof PointsDetailsSchema>;

export const POINTS_DETAILS = methodContract('headless_e_commerce.api.get_loyalty_points_details', v.looseObject({}), PointsDetailsSchema);

/** Baht per point earned (collection), baht value of a point (conversion), days until points expire. */
export const LoyaltyProgramSchema = v.looseObject({
  name: v.string(),
  collection_factor: v.number(),
  conversion_factor: v.number(),
  expiry_duration: v.number(),
});
export type LoyaltyProgram = v.InferOutput<typeof LoyaltyProgramSchema>;

/** The named programme (or the first one); null when there is none. */
export const LOYALTY_PROGRAM = methodContract(
  'member_rewards.api.get_loyalty_program',
  v.object({ name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(140))) }),
  v.nullable(LoyaltyProgramSchema),
);
