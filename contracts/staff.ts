import * as v from 'valibot';
import { numeric, offsetArg } from './args';
import { methodContract } from './contract';
import { STAFF_REFUSAL_REASONS } from './errors';

/** The till's rules and refusals (the reasons are error codes, contracts/errors.ts), for the staff methods and app. */
export { STAFF_REFUSAL_REASONS } from './errors';

export type StaffRefusalReason = (typeof STAFF_REFUSAL_REASONS)[number];

const KNOWN = new Set<string>(STAFF_REFUSAL_REASONS);
export const isStaffRefusalReason = (value: unknown): value is StaffRefusalReason => typeof value === 'string' && KNOWN.has(value);

/**
 * Receipt numbers as the brand's tills print them: Latin letters, digits, spaces and - / _ . (a receipt number
 * is stored upper-cased and used once per branch).
 */
export const RECEIPT_NO_MAX = 40;
export const RECEIPT_NO_PATTERN = /^[A-Za-z0-9/_.\- ]+$/;

/** A purchase amount in baht: more than 0 and at most this. */
export const AMOUNT_MAX = 1_000_000;

// ------------------------------------------------------------------------------------------- methods

const code = (message: string) => v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(64, message));
const text = v.optional(v.nullable(v.string()), null);

export const MemberCardSchema = v.looseObject({
  customer: v.string(),
  full_name: v.string(),
  user_image: text,
  tier: text,
  loyalty_points: v.number(),
  member_since: v.string(),
  collection_factor: v.optional(v.nullable(v.number()), null),
  /**
   * How a till receipt earns for this member at this branch today: the programme's baht per point and rounding,
   * and the member's tier multiplier times the campaign that applies (double points days), so the till's preview
   * says what the award will give. Null without a programme.
   */
  earn: v.optional(
    v.nullable(
      v.object({
        baht_per_point: v.number(),
        rounding: v.picklist(['down', 'nearest', 'up']),
        multiplier: v.number(),
        campaign: v.nullable(v.string()),
      }),
    ),
    null,
  ),
  daily_cap: v.number(),
  awarded_today: v.number(),
});
export type MemberCard = v.InferOutput<typeof MemberCardSchema>;
export type TillEarning = NonNullable<MemberCard['earn']>;

/**
 * What a till receipt of `amount` baht earns: amount × multiplier ÷ baht per point, rounded once by the rule, in
 * whole satang and ten-thousandths as the server's earning computation does (a test holds the two together).
 */
export function tillPoints(amount: number, earn: TillEarning): number {
  const perPoint = BigInt(Math.round(earn.baht_per_point * 100)) * 10_000n;
  if (!(amount > 0) || perPoint <= 0n) return 0;
  const n = BigInt(Math.round(amount * 100)) * BigInt(Math.round(earn.multiplier * 10_000));
  const q = n / perPoint;
  const r = n % perPoint;
  if (r === 0n || earn.rounding === 'down') return Number(q);
  if (earn.rounding === 'up') return Number(q + 1n);
  return Number(r * 2n >= perPoint ? q + 1n : q);
}

export const RewardCardSchema = v.looseObject({
  invoice: v.string(),
  /** The scanned till code: what confirm_reward takes (the invoice name no longer resolves). */
  code: v.string(),
  posting_date: v.string(),
  branch: text,
  loyalty_points: v.number(),
  items: v.array(v.looseObject({ item_code: v.string(), item_name: v.string(), image: text, qty: v.number(), loyalty_points: v.number() })),
  member: v.looseObject({ customer: v.string(), full_name: v.string(), user_image: text }),
  delivery_notes: v.array(
    v.looseObject({ name: v.string(), status: v.string(), submitted_by: text, submitted_by_name: text, submitted_at: text }),
  ),
  confirmed: v.boolean(),
});
export type RewardCard = v.InferOutput<typeof RewardCardSchema>;

/** A scanned or typed code: a member (with a short-lived scan token for the award) or a reward order. */
export const RESOLVE_CODE = methodContract(
  'member_rewards.staff.resolve_code',
  v.looseObject({ code: code('Code is required') }),
  v.variant('kind', [
    v.looseObject({ kind: v.literal('member'), member: MemberCardSchema, scan_token: v.string() }),
    v.looseObject({ kind: v.literal('reward'), reward: RewardCardSchema }),
  ]),
);

/** Points for a purchase at the till; the amount's range and the receipt's characters are the service's refusals. */
export const AWARD_POINTS = methodContract(
  'member_rewards.staff.award_points',
  v.pipe(
    v.looseObject({
      scan_token: v.optional(v.pipe(v.string(), v.maxLength(2000))),
      member_code: v.optional(v.pipe(v.string(), v.maxLength(64))),
      amount: numeric(),
      receipt_no: v.pipe(
        v.string('Receipt number is required'),
        v.trim(),
        v.minLength(1, 'Receipt number is required'),
        v.maxLength(RECEIPT_NO_MAX, 'Receipt number is too long'),
      ),
    }),
    v.check((a) => Boolean(a.scan_token || a.member_code), 'Scan the member code first'),
  ),
  v.looseObject({
    customer: v.string(),
    full_name: v.string(),
    points: v.number(),
    amount: v.number(),
    receipt_no: v.string(),
    loyalty_points: v.number(),
    awarded_today: v.number(),
    daily_cap: v.number(),
  }),
);

/**
 * The figures a cap refusal carries beside its reason (`daily_cap`, the member's; `staff_daily_cap`, the staff
 * account's): the points the receipt would give, the points that can still be given today, and the day's cap.
 */
export const CapRefusalSchema = v.object({ points: v.number(), remaining: v.number(), cap: v.number() });
export type CapRefusal = v.InferOutput<typeof CapRefusalSchema>;

/** Hands a reward over: its delivery notes are submitted, exactly once. */
export const CONFIRM_REWARD = methodContract(
  'member_rewards.staff.confirm_reward',
  v.looseObject({ code: code('Code is required') }),
  v.looseObject({ invoice: v.string(), confirmed_by: v.string(), confirmed_by_name: v.string(), confirmed_at: v.string() }),
);

export const StaffActionSchema = v.looseObject({
  id: v.number(),
  staff_user: v.string(),
  staff_name: v.string(),
  branch: text,
  action: v.string(),
  target: v.string(),
  detail: v.record(v.string(), v.unknown()),
  created_at: v.string(),
});
export type StaffAction = v.InferOutput<typeof StaffActionSchema>;

/** The branch's action log, newest first. */
export const STAFF_ACTIONS = methodContract(
  'member_rewards.staff.actions',
  v.looseObject({
    start: v.optional(offsetArg()),
    limit: v.optional(v.pipe(numeric(), v.integer(), v.minValue(1), v.maxValue(200))),
  }),
  v.array(StaffActionSchema),
);
