import * as v from 'valibot';
import { optionalText, requiredText } from './args';
import { isoDay } from './dates';
import { methodContract } from './contract';

/**
 * The programme's rules (member_rewards.programme.*): how points are earned, when they expire, the tiers, the
 * campaigns and bonuses, the per-member daily cap, the reminders and what happens to reward orders. Rules are
 * kept as dated versions, each holding what it changed: a change applies from its `effective_from` day on (never to
 * the past) until a later-dated version changes the same rule, so points earned before a change keep the expiry and
 * the multiplier they were earned with, and a change scheduled for next month keeps what it schedules.
 */

export const PROGRAMME_METHODS = {
  getRules: 'member_rewards.programme.get_rules',
  updateRules: 'member_rewards.programme.update_rules',
  simulate: 'member_rewards.programme.simulate_receipt',
} as const;

export const ROUNDING_RULES = ['down', 'nearest', 'up'] as const;
export type RoundingRule = (typeof ROUNDING_RULES)[number];
export const TIER_WINDOWS = ['lifetime', 'rolling_12_months'] as const;
export type TierWindow = (typeof TIER_WINDOWS)[number];
export const EXPIRY_POLICIES = ['days', 'end_of_month'] as const;

export const LIMITS = {
  maxTiers: 10,
  maxCampaigns: 50,
  maxMultiplier: 10,
  maxBonus: 100_000,
  maxDailyCap: 1_000_000,
  maxReminders: 5,
} as const;

/** A decimal with at most two places (baht, multipliers), from a JSON number or a numeric string. */
const decimal = (min: number, max: number, message: string) =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,9}(\.\d{1,2})?$/, message), v.transform(Number))], message),
    v.finite(message),
    v.minValue(min, message),
    v.maxValue(max, message),
    v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, message),
  );
const whole = (min: number, max: number, message: string) =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,9}$/, message), v.transform(Number))], message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
const nameList = (label: string, max: number) =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.string(`Each ${label} must be text`), v.trim(), v.minLength(1, `A ${label} must not be empty`), v.maxLength(140, `A ${label} is at most 140 characters`)), `${label}s must be a list`),
      v.maxLength(max, `At most ${max} ${label}s`),
    ),
    [],
  );

export const ExpiryPolicySchema = v.variant(
  'policy',
  [
    /** Points expire N days after the day they were earned. */
    v.object({ policy: v.literal('days'), days: whole(1, 3650, 'Expiry days must be a whole number from 1 to 3650') }),
    /** Points expire at the end of the month N months after the month they were earned (0: the same month). */
    v.object({ policy: v.literal('end_of_month'), months: whole(0, 120, 'Expiry months must be a whole number from 0 to 120') }),
  ],
  `Expiry policy must be one of ${EXPIRY_POLICIES.join(', ')}`,
);
export type ExpiryPolicy = v.InferOutput<typeof ExpiryPolicySchema>;

export const TierRuleSchema = v.object({
  name: requiredText('Tier name is required', 40, 'Tier name is at most 40 characters'),
  /** Points earned within the tier window needed for the tier. */
  threshold: whole(0, 100_000_000, 'Tier threshold must be a whole number, 0 or more'),
  /** Points earned at the till and on purchases are multiplied by this (1 = no bonus). */
  multiplier: decimal(1, LIMITS.maxMultiplier, `Tier multiplier must be from 1 to ${LIMITS.maxMultiplier} (two decimals at most)`),
  colour: v.pipe(v.string('Tier colour must be #rrggbb'), v.trim(), v.regex(/^#[0-9a-fA-F]{6}$/, 'Tier colour must be #rrggbb')),
  thumbnail: optionalText(500, 'Tier picture address is at most 500 characters'),
});
export type TierRule = v.InferOutput<typeof TierRuleSchema>;

export const CampaignSchema = v.pipe(
  v.object({
    /** Stable key of the campaign (letters, digits, - and _), shown with the points it gave. */
    id: v.pipe(v.string('Campaign id is required'), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'Campaign id: 1 to 40 letters, digits, - or _')),
    name: requiredText('Campaign name is required', 100, 'Campaign name is at most 100 characters'),
    multiplier: decimal(1, LIMITS.maxMultiplier, `Campaign multiplier must be from 1 to ${LIMITS.maxMultiplier} (two decimals at most)`),
    from_date: isoDay('Campaign from_date must be a date (YYYY-MM-DD)'),
    to_date: isoDay('Campaign to_date must be a date (YYYY-MM-DD)'),
    /** Empty: every branch (and online orders). */
    branches: nameList('branch', 100),
    /** Empty: every item group. Till awards have no item group: a campaign limited to groups never applies there. */
    item_groups: nameList('item group', 100),
    /** Empty: every member, with or without a tier. */
    tiers: nameList('tier', LIMITS.maxTiers),
  }),
  v.check((c) => c.from_date <= c.to_date, 'A campaign must not end before it starts'),
);
export type Campaign = v.InferOutput<typeof CampaignSchema>;

const rulesEntries = {
  /** Baht of a purchase per point earned (ERPNext's collection_factor). */
  baht_per_point: decimal(0.01, 100_000, 'Baht per point must be from 0.01 to 100000 (two decimals at most)'),
  /** What one outstanding point is worth in baht, for the liability (ERPNext's conversion_factor). */
  point_value_baht: decimal(0, 1000, 'Point value must be from 0 to 1000 baht (two decimals at most)'),
  rounding: v.picklist(ROUNDING_RULES, `Rounding must be one of ${ROUNDING_RULES.join(', ')}`),
  expiry: ExpiryPolicySchema,
  tier_window: v.picklist(TIER_WINDOWS, `Tier window must be one of ${TIER_WINDOWS.join(', ')}`),
  tiers: v.pipe(v.array(TierRuleSchema, 'Tiers must be a list'), v.maxLength(LIMITS.maxTiers, `At most ${LIMITS.maxTiers} tiers`)),
  campaigns: v.pipe(v.array(CampaignSchema, 'Campaigns must be a list'), v.maxLength(LIMITS.maxCampaigns, `At most ${LIMITS.maxCampaigns} campaigns`)),
  /** Points once a year in the member's birthday month (0: off). */
  birthday_bonus: whole(0, LIMITS.maxBonus, `Birthday bonus must be a whole number from 0 to ${LIMITS.maxBonus}`),
  /** Points once, when the member has verified their phone (0: off). */
  signup_bonus: whole(0, LIMITS.maxBonus, `Sign-up bonus must be a whole number from 0 to ${LIMITS.maxBonus}`),
  /** The most points one member may be awarded at the tills in one Bangkok day (the setting staff_award_daily_cap). */
  daily_cap: whole(0, LIMITS.maxDailyCap, `Daily cap must be a whole number from 0 to ${LIMITS.maxDailyCap}`),
  /** Days before a batch expires on which the member is reminded (one event per batch and reminder day). */
  reminder_days: v.pipe(
    v.array(whole(1, 365, 'Reminder days must be whole numbers from 1 to 365'), 'Reminder days must be a list'),
    v.maxLength(LIMITS.maxReminders, `At most ${LIMITS.maxReminders} reminder days`),
    v.check((list) => new Set(list).size === list.length, 'Each reminder day may appear once'),
  ),
  /** Days a reward order can be collected at its branch (its valid-until date is the order day plus these). */
  reward_valid_days: whole(1, 365, 'Reward validity must be a whole number of days from 1 to 365'),
  /** Whether the points of a reward that was never collected come back when it expires. */
  uncollected_points_back: v.boolean('uncollected_points_back must be true or false'),
  /** Days a bank-transfer purchase may stay unpaid before it is cancelled. */
  purchase_due_days: whole(1, 60, 'Payment due days must be a whole number from 1 to 60'),
};

/** One version of the rules, whole; cross-field checks: tier names and thresholds distinct, campaign tiers known. */
export const ProgrammeRulesSchema = v.pipe(
  v.object(rulesEntries),
  v.check((r) => new Set(r.tiers.map((t) => t.name.toLowerCase())).size === r.tiers.length, 'Each tier name may appear once'),
  v.check((r) => new Set(r.tiers.map((t) => t.threshold)).size === r.tiers.length, 'Two tiers cannot have the same threshold'),
  v.check((r) => new Set(r.campaigns.map((c) => c.id)).size === r.campaigns.length, 'Each campaign id may appear once'),
  v.check((r) => r.campaigns.every((c) => c.tiers.every((t) => r.tiers.some((x) => x.name === t))), 'A campaign names a tier the programme does not have'),
);
export type ProgrammeRules = v.InferOutput<typeof ProgrammeRulesSchema>;

/** What update_rules takes: any of the rules (the others are kept from the version in effect that day). */
export const UpdateRulesArgs = v.looseObject({
  rules: v.pipe(v.looseObject({}, 'rules must be an object'), v.check((r) => Object.keys(r).length > 0, 'Give at least one rule to change')),
  /** The first day the change applies (Bangkok), today or later; default today. */
  effective_from: v.optional(isoDay('effective_from must be a date (YYYY-MM-DD)')),
  /** Why (kept with the version and in the audit log). */
  note: optionalText(500, 'Note must be at most 500 characters'),
  loyalty_program: optionalText(140, 'Loyalty program is at most 140 characters'),
});
/** The keys update_rules accepts inside `rules`. */
export const RULE_KEYS = Object.keys(rulesEntries) as (keyof ProgrammeRules)[];

export const RulesVersionSchema = v.object({
  /** 0: the programme's starting rules, from before any change was made here. */
  version: v.number(),
  effective_from: v.nullable(v.string()),
  created_by: v.nullable(v.string()),
  created_at: v.nullable(v.string()),
  note: v.nullable(v.string()),
  /** What this version changed (the rules it names; the others run on from the versions before it). */
  changes: v.record(v.string(), v.unknown()),
  /** The whole rules in effect from this version's day on (until the next version's day). */
  rules: ProgrammeRulesSchema,
});
export type RulesVersion = v.InferOutput<typeof RulesVersionSchema>;

export const GetRulesArgs = v.looseObject({
  loyalty_program: optionalText(140, 'Loyalty program is at most 140 characters'),
  /** The rules in effect on this day (default today). */
  date: v.optional(isoDay('date must be a date (YYYY-MM-DD)')),
});

export const GetRulesAnswer = v.object({
  loyalty_program: v.string(),
  date: v.string(),
  /** The version in effect on `date`. */
  current: RulesVersionSchema,
  /** Versions that start after `date`, soonest first. */
  scheduled: v.array(RulesVersionSchema),
  /** Earlier versions, newest first (at most 20). */
  history: v.array(RulesVersionSchema),
});

// ------------------------------------------------------------------------------------------- simulator

const amountArg = decimal(0.01, 1_000_000, 'Amount must be from 0.01 to 1000000 baht (two decimals at most)');

export const SimulateArgs = v.pipe(
  v.looseObject({
    /** A receipt's amount in baht (the till's form) ... */
    amount: v.optional(amountArg),
    /** ... or its lines, when item-group campaigns matter. */
    lines: v.optional(
      v.pipe(
        v.array(v.looseObject({ amount: amountArg, item_group: optionalText(140, 'Item group is at most 140 characters') }), 'lines must be a list'),
        v.minLength(1, 'Give at least one line'),
        v.maxLength(200, 'At most 200 lines'),
      ),
    ),
    branch: optionalText(140, 'Branch is at most 140 characters'),
    /** The tier to simulate (a name of the rules' tiers); or `customer` to take that member's tier that day. */
    tier: optionalText(40, 'Tier is at most 40 characters'),
    customer: optionalText(140, 'Customer is at most 140 characters'),
    date: v.optional(isoDay('date must be a date (YYYY-MM-DD)')),
    loyalty_program: optionalText(140, 'Loyalty program is at most 140 characters'),
  }),
  v.check((a) => a.amount !== undefined || a.lines !== undefined, 'Give the amount or the lines of the receipt'),
);

export const EarningLineSchema = v.object({
  item_group: v.nullable(v.string()),
  amount: v.number(),
  /** The multiplier this line earned with (tier × campaign). */
  multiplier: v.number(),
  campaign: v.nullable(v.string()),
});

/** How many points a receipt earns and why: the same computation the till's award and a purchase use. */
export const EarningSchema = v.object({
  date: v.string(),
  rules_version: v.number(),
  baht_per_point: v.number(),
  rounding: v.picklist(ROUNDING_RULES),
  /** Baht the points are earned on. */
  amount: v.number(),
  /** Points without any multiplier. */
  base_points: v.number(),
  tier: v.nullable(v.string()),
  tier_multiplier: v.number(),
  /** The best campaign that applied to any line (campaigns do not add up: the highest multiplier wins per line). */
  campaign: v.nullable(v.object({ id: v.string(), name: v.string(), multiplier: v.number() })),
  lines: v.array(EarningLineSchema),
  points: v.number(),
});
export type Earning = v.InferOutput<typeof EarningSchema>;

export const SimulateAnswer = v.object({
  ...EarningSchema.entries,
  branch: v.nullable(v.string()),
  /** The till's per-member daily cap, and what the member (when given) may still be awarded today. */
  daily_cap: v.number(),
  cap_remaining: v.nullable(v.number()),
  /** A member's award above the cap is refused at the till (reason daily_cap). */
  over_cap: v.boolean(),
});

// ------------------------------------------------------------------------------------------- contracts

/**
 * The version in effect on `date` (default today), the versions scheduled after it, and the history (version 0 is the
 * programme's starting figures); each version with what it `changes` and the whole `rules` from its day.
 */
export const GET_RULES = methodContract(PROGRAMME_METHODS.getRules, GetRulesArgs, GetRulesAnswer);

/**
 * A new dated version holding what it changes (`effective_from` today or later): it applies from its day on, until a
 * later-dated version changes the same rule (a change today does not undo next month's schedule). Every day from then
 * on is checked as a whole document (`invalid_rules`, naming a scheduled version it would break); `unknown_rule`,
 * `effective_in_past`, `branch_not_found` (a campaign's branch), `tier_in_use` (a tier a reward is limited to). Points
 * already earned keep the expiry and multiplier they were earned with. Audited with what changed, before and after;
 * answers as get_rules does, for today.
 */
export const UPDATE_RULES = methodContract(PROGRAMME_METHODS.updateRules, UpdateRulesArgs, GetRulesAnswer);

/**
 * "This receipt earns N points for a Silver member at branch X today": `points`, `base_points`, `tier_multiplier`,
 * `campaign` (the best that applied), each line's multiplier and campaign, `rules_version`; with a customer, their tier
 * that day and what the daily cap still allows (`cap_remaining`, `over_cap`). The till's award and a purchase's points
 * come from the same function.
 */
export const SIMULATE_RECEIPT = methodContract(PROGRAMME_METHODS.simulate, SimulateArgs, SimulateAnswer);
