import * as v from 'valibot';
import { boundedNumber } from './args';
import { isoDay } from './dates';
import { methodContract } from './contract';

/**
 * The member's points: the ledger's entry types and sources (what each history line is), the points history, the
 * expiry schedule batch by batch and the tier progress. The balance is always the sum of the entries.
 */

export const LOYALTY_METHODS = {
  pointsDetails: 'headless_e_commerce.api.get_loyalty_points_details',
  expirySchedule: 'member_rewards.loyalty.get_expiry_schedule',
  tierProgress: 'member_rewards.loyalty.get_tier_progress',
} as const;

/**
 * What a Loyalty Point Entry is to the balance:
 * - earn, bonus: a batch (positive, with an expiry date);
 * - redeem: points spent on an order, one row per batch it took from (soonest expiry first);
 * - adjust: a back-office correction (a batch when positive, spent like a redemption when negative) or an imported
 *   opening balance;
 * - expire: what was left of a batch when it expired (negative, dated the day after its last day);
 * - reverse: points a refunded purchase had earned, taken back (negative);
 * - refund: points of a cancelled order given back to the batch they came from, with that batch's expiry (positive).
 */
export const ENTRY_TYPES = ['earn', 'bonus', 'redeem', 'adjust', 'expire', 'reverse', 'refund'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/**
 * Where a row came from, with its entry type: the pair is the machine code of a history line (the app words it).
 * earn: purchase, staff_award, welcome · bonus: birthday, signup · redeem: redemption · adjust: adjustment, import ·
 * expire: expiry, expired_on_return (points given back to a batch that had already expired) · reverse:
 * purchase_refund · refund: order_cancelled, reward_uncollected, purchase_refund.
 */
export const ENTRY_SOURCES = [
  'purchase', 'staff_award', 'welcome', 'birthday', 'signup', 'redemption', 'adjustment', 'import', 'expiry', 'expired_on_return',
  'purchase_refund', 'order_cancelled', 'reward_uncollected',
] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

/**
 * Points that count toward a tier ("points earned"): purchases, till awards and bonuses, and adjustments whose reason
 * is a missing purchase (points the till should have given). Not goodwill or corrections (they are not spending),
 * not imported opening balances (they carry no earning date to place in a window), and never redemptions or
 * expiries: spending or losing points never lowers a tier. A refunded purchase takes back from the tier what it
 * had earned, in proportion, even where the balance could not give the points back.
 */
export const TIER_ENTRY_TYPES = ['earn', 'bonus'] as const satisfies readonly EntryType[];
export const TIER_ADJUST_REASON = 'missing_purchase';

export const PointsRecordSchema = v.object({
  name: v.string(),
  loyalty_points: v.number(),
  posting_date: v.string(),
  expiry_date: v.string(),
  invoice_type: v.nullable(v.string()),
  invoice: v.nullable(v.string()),
  redeem_against: v.nullable(v.string()),
  loyalty_program: v.string(),
  loyalty_program_tier: v.nullable(v.string()),
  purchase_amount: v.number(),
  customer: v.string(),
  /** With entry_type: what the line is (ENTRY_SOURCES). */
  source: v.string(),
  entry_type: v.string(),
  /** An adjustment's line written for the member (shown instead of the generic one). */
  member_text: v.nullable(v.string()),
  receipt_no: v.nullable(v.string()),
  branch: v.nullable(v.string()),
  creation: v.string(),
});
export type PointsRecord = v.InferOutput<typeof PointsRecordSchema>;

export const PointsDetailsAnswer = v.object({
  customer: v.string(),
  loyalty_program: v.nullable(v.string()),
  /** The points the member can spend now: the sum of the entries less the points held. */
  loyalty_points: v.number(),
  /** Points held as payment at a till or a shop until it captures or releases them (or they expire, within 15 minutes). */
  held_points: v.optional(v.number(), 0),
  total_spent: v.number(),
  /** Points earned that count toward the tier (within the tier window). */
  points_earned: v.number(),
  loyalty_program_tier: v.nullable(v.string()),
  next_tier_name: v.nullable(v.string()),
  points_to_next_tier: v.number(),
  next_expiry_date: v.nullable(v.string()),
  next_expiry_points: v.number(),
  /** One page of the member's ledger rows, newest first (the sums above are always over every row). */
  record: v.array(PointsRecordSchema),
  /** Pass as `before` for the next, older page; null when `record` ends the history. */
  next_before: v.nullable(v.string()),
});

export const ExpiryBatchSchema = v.object({
  batch: v.string(),
  entry_type: v.string(),
  source: v.string(),
  posting_date: v.string(),
  /** The last day its points can be spent; they expire at midnight Bangkok time after it. */
  expiry_date: v.string(),
  /** Points the batch started with, and what is left of it. */
  points: v.number(),
  available: v.number(),
  days_left: v.number(),
});

export const ExpiryScheduleAnswer = v.object({
  as_of: v.string(),
  loyalty_points: v.number(),
  /** Every batch with points left, soonest expiry first (the order points are spent in). */
  batches: v.array(ExpiryBatchSchema),
  /** The same, added up per expiry day. */
  by_date: v.array(v.object({ expiry_date: v.string(), points: v.number() })),
});

export type ExpirySchedule = v.InferOutput<typeof ExpiryScheduleAnswer>;

const TierSchema = v.object({ name: v.string(), threshold: v.number(), multiplier: v.number(), colour: v.string(), thumbnail: v.nullable(v.string()) });

export const TierProgressAnswer = v.object({
  loyalty_program: v.nullable(v.string()),
  as_of: v.string(),
  tier_window: v.string(),
  /** The first posting day counted (null: lifetime). */
  window_start: v.nullable(v.string()),
  points_earned: v.number(),
  tier: v.nullable(TierSchema),
  next_tier: v.nullable(TierSchema),
  points_to_next_tier: v.number(),
  /** With a rolling window: the next day points leave it, and how many (the tier may fall then). */
  leaving_window: v.nullable(v.object({ date: v.string(), points: v.number() })),
  tiers: v.array(TierSchema),
});

/** What the app reads of a history line and of the points details: the server's rows, validated as they are. */
export const PointsEntrySchema = PointsRecordSchema;
export type PointsEntry = PointsRecord;
export const PointsDetailsSchema = PointsDetailsAnswer;
export type PointsDetails = v.InferOutput<typeof PointsDetailsSchema>;

/** Rows answered when the caller names no `limit` (a client that does not page gets the newest), and the most a page holds. */
export const POINTS_PAGE_MAX = 100;

/**
 * Where a page of the history starts: the row order's key (posting day, the row's creation instant in microseconds
 * since 1970, name) of the last row the previous page held; the page holds the rows strictly after it. Written
 * only by the server (`next_before`), so a client passes it back as it came; null or '' is no cursor (the newest).
 */
const HISTORY_CURSOR = /^(\d{4}-\d{2}-\d{2})_(\d{1,16})_(.{1,140})$/s;
const BAD_CURSOR = 'before must be a next_before value from an earlier answer';
const historyCursor = v.pipe(
  v.string(BAD_CURSOR),
  v.regex(HISTORY_CURSOR, BAD_CURSOR),
  v.check((s) => v.is(isoDay(BAD_CURSOR), s.slice(0, 10)), BAD_CURSOR),
  v.transform((s) => {
    const [, posting_date, created_us, name] = HISTORY_CURSOR.exec(s)!;
    return { posting_date: posting_date!, created_us: created_us!, name: name! };
  }),
);

export const PointsDetailsArgs = v.looseObject({
  /** Rows in the page, 0 to POINTS_PAGE_MAX (0: the balance, tier and expiry alone). */
  limit: v.optional(boundedNumber(0, POINTS_PAGE_MAX, `limit must be a whole number from 0 to ${POINTS_PAGE_MAX}`)),
  before: v.optional(v.union([v.pipe(v.union([v.null(), v.literal('')]), v.transform(() => undefined)), historyCursor], BAD_CURSOR)),
});

/**
 * The member's points screen: `record` (their ledger rows, each with `entry_type` and `source`, the line's code:
 * `expire`/`expiry` is "points expired", `refund`/`order_cancelled` "points back from a cancelled order",
 * `reverse`/`purchase_refund` "points taken back by a refund", `bonus`/`birthday`…; `branch`; for an adjustment
 * `member_text`, the line to show instead of the generic one), `loyalty_points` (the balance), `points_earned` (what
 * counts toward the tier, in its window), the tier, the next tier and what it needs, and the next expiry's day and
 * points. Paged: `limit` rows (at most POINTS_PAGE_MAX) strictly older than `before`, the `next_before` of the
 * previous page; the sums are over every row.
 */
export const POINTS_DETAILS = methodContract(LOYALTY_METHODS.pointsDetails, PointsDetailsArgs, PointsDetailsAnswer);

/**
 * Every batch with points left, soonest expiry first (the order points are spent in): `batch, entry_type, source,
 * posting_date, expiry_date` (the last day; they expire at midnight Bangkok time after it), `points` (what it started
 * with), `available`, `days_left`; and `by_date` (points per expiry day).
 */
export const EXPIRY_SCHEDULE = methodContract(LOYALTY_METHODS.expirySchedule, v.looseObject({}), ExpiryScheduleAnswer);

/**
 * `tier` and `next_tier` (name, threshold, multiplier, colour, thumbnail), `points_earned` in the window,
 * `points_to_next_tier`, `tier_window`, `window_start`, and for a rolling window `leaving_window` (the next day points
 * leave it, and how many), and all `tiers`.
 */
export const TIER_PROGRESS = methodContract(LOYALTY_METHODS.tierProgress, v.looseObject({}), TierProgressAnswer);

/** Baht per point earned (collection), baht value of a point (conversion), days until points expire. */
export const LoyaltyProgramSchema = v.looseObject({
  name: v.string(),
  collection_factor: v.number(),
  conversion_factor: v.number(),
  expiry_duration: v.number(),
});
export type LoyaltyProgram = v.InferOutput<typeof LoyaltyProgramSchema>;

/**
 * The public facts of a programme (the named one, or the first), from the rules in effect today: baht per point
 * (`collection_factor`), point value (`conversion_factor`), and in how many days points earned today expire
 * (`expiry_duration`); null when there is none.
 */
export const LOYALTY_PROGRAM = methodContract(
  'member_rewards.api.get_loyalty_program',
  v.object({ name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(140))) }),
  v.nullable(LoyaltyProgramSchema),
);
