import * as v from 'valibot';
import { flag, numeric, offsetArg } from './args';
import { methodContract } from './contract';
import { NewPasswordSchema } from './password';
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

/**
 * A scanned or typed code: a member code gives the member card (name, picture, tier, points, member since) and a
 * 5-minute signed scan token for the award; a reward order's `reward_code` (16 Crockford base-32 characters, 80 random
 * bits, shown `XXXX-XXXX-XXXX-XXXX`; any case, dashes or spaces optional) gives the reward, member, branch, status and
 * `code`. An order or delivery note name is no code; stale, replayed or unknown codes are refused without detail.
 */
export const RESOLVE_CODE = methodContract(
  'member_rewards.staff.resolve_code',
  v.looseObject({ code: code('Code is required') }),
  v.variant('kind', [
    v.looseObject({ kind: v.literal('member'), member: MemberCardSchema, scan_token: v.string() }),
    v.looseObject({ kind: v.literal('reward'), reward: RewardCardSchema }),
  ]),
);

/**
 * Points for a purchase at the till (`scan_token` or `member_code`), by the programme's earning rule of today at the
 * staff's branch for the member's tier, through the same computation as the receipt simulator (the answer's `earning`
 * says how: base points, tier multiplier, campaign, rules version). The amount is above 0 and at most 1,000,000; a
 * receipt number (letters, digits, spaces, `- / _ .`) is used once per branch; a per-member daily cap (rule
 * `daily_cap`, 500) and the account's own daily cap when the back office set one (`staff_daily_cap`); a blocked member
 * gets none (`member_blocked`); a code awards once; a member without a verified phone is refused (403, reason and
 * `error_code` `phone_not_verified`). Audited. Every staff refusal carries a `reason` (STAFF_REFUSAL_REASONS).
 */
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

/**
 * Hands a reward over, by `reward_code` only: its Delivery Note goes Draft → Submitted exactly once, also for a branch
 * disabled since the order; a second confirmation says who confirmed and when; another branch's reward is refused.
 * Audited.
 */
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

/**
 * The log of staff actions, newest first: who, branch, what, when, and the `reason` of each refused action. Store Staff
 * and Branch Managers read their own branch's, Loyalty and System Managers every branch's.
 */
export const STAFF_ACTIONS = methodContract(
  'member_rewards.staff.actions',
  v.looseObject({
    start: v.optional(offsetArg()),
    limit: v.optional(v.pipe(numeric(), v.integer(), v.minValue(1), v.maxValue(200))),
  }),
  v.array(StaffActionSchema),
);

/**
 * A System Manager adds a Store Staff account for one branch, with a password (the back office's create_staff mails
 * a link instead); its e-mail counts as verified. 409 `email_in_use` when the address is another account's name or
 * verified e-mail (any case). Audited.
 */
export const CREATE_STAFF_USER = methodContract(
  'member_rewards.staff.create_staff_user',
  v.looseObject({
    email: v.pipe(v.string('Email is required'), v.trim(), v.toLowerCase(), v.email('Email is invalid'), v.maxLength(200, 'Email is invalid')),
    full_name: v.pipe(v.string('Full name is required'), v.trim(), v.minLength(1, 'Full name is required'), v.maxLength(140, 'Full name is too long')),
    password: NewPasswordSchema,
    branch: v.pipe(v.string('Branch is required'), v.trim(), v.minLength(1, 'Branch is required')),
  }),
  v.object({ name: v.string(), full_name: v.string(), branch: v.string(), roles: v.array(v.string()) }),
);

/**
 * A System Manager disables (0) or re-enables (1) a Store Staff account: disabling ends its sessions, API tokens and
 * member-code devices at once (re-enabling brings none of them back).
 */
export const SET_STAFF_USER_ENABLED = methodContract(
  'member_rewards.staff.set_staff_user_enabled',
  v.looseObject({
    user: v.pipe(v.string('User is required'), v.trim(), v.minLength(1, 'User is required'), v.maxLength(200)),
    enabled: flag(),
  }),
  v.object({ name: v.string(), enabled: v.picklist([0, 1]) }),
);
