import * as v from 'valibot';
import { optionalText } from './args';
import { isoDay } from './dates';
import { methodContract, rawMethodContract } from './contract';

/**
 * The back office's dashboard (member_rewards.reports.*): every figure for a date range (Bangkok days) and
 * optionally one branch, and each figure as CSV. Past days come from the daily snapshot, today from the ledger.
 *
 * With a branch: points movements, reward orders, active members, top rewards and the redemption rate are that
 * branch's (a row's branch: the till's, the order's, or for an expiry the batch's); members (total, new),
 * outstanding points, the liability and the tier distribution are the programme's (a member and a balance belong
 * to no branch).
 */

export const REPORT_METHODS = {
  dashboard: 'member_rewards.reports.dashboard',
  export: 'member_rewards.reports.export',
} as const;

/** The longest range one call may ask for (days). */
export const MAX_RANGE_DAYS = 1100;

const dayDiff = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const rangeEntries = {
  from_date: isoDay('from_date must be a date (YYYY-MM-DD)'),
  to_date: isoDay('to_date must be a date (YYYY-MM-DD)'),
  branch: optionalText(140, 'Branch must be at most 140 characters'),
};
const inOrder = <T extends { from_date: string; to_date: string }>() => v.check<T, string>((a) => a.from_date <= a.to_date, 'from_date must not be after to_date');
const notTooLong = <T extends { from_date: string; to_date: string }>() =>
  v.check<T, string>((a) => dayDiff(a.from_date, a.to_date) < MAX_RANGE_DAYS, `A range is at most ${MAX_RANGE_DAYS} days`);

const DashboardObject = v.looseObject(rangeEntries);
export const DashboardArgs = v.pipe(DashboardObject, inOrder<v.InferOutput<typeof DashboardObject>>(), notTooLong<v.InferOutput<typeof DashboardObject>>());
export type DashboardQuery = v.InferOutput<typeof DashboardArgs>;

/** Point movements over a range (all positive but `adjusted`, which is signed). */
export const MovementsSchema = v.object({
  /** Earned and bonus points. */
  issued: v.number(),
  /** Spent on orders. */
  redeemed: v.number(),
  /** Given back by cancelled orders. */
  refunded: v.number(),
  expired: v.number(),
  /** Back-office adjustments and imports, net. */
  adjusted: v.number(),
  /** Taken back from refunded purchases. */
  reversed: v.number(),
});
export type Movements = v.InferOutput<typeof MovementsSchema>;

export const DailyRowSchema = v.object({ day: v.string(), ...MovementsSchema.entries, reward_orders: v.number() });

export const DashboardAnswer = v.object({
  from_date: v.string(),
  to_date: v.string(),
  branch: v.nullable(v.string()),
  /** Today (Bangkok): the day the figures are live for. */
  as_of: v.string(),
  members: v.object({ total: v.number(), new: v.number(), active_30: v.number(), active_90: v.number() }),
  points: v.object({ ...MovementsSchema.entries, outstanding: v.number() }),
  point_value_baht: v.number(),
  /** Outstanding points × the point value (baht), at to_date. */
  liability_baht: v.number(),
  /** (redeemed − refunded) / issued over the range; null when nothing was issued. */
  redemption_rate: v.nullable(v.number()),
  reward_orders: v.number(),
  daily: v.array(DailyRowSchema),
  top_rewards: v.array(v.object({ item_code: v.string(), item_name: v.string(), units: v.number(), points: v.number() })),
  branch_ranking: v.array(v.object({ branch: v.string(), issued: v.number(), redeemed: v.number(), reward_orders: v.number() })),
  /** Members per tier at to_date ('' : below the lowest tier). */
  tier_distribution: v.array(v.object({ tier: v.string(), members: v.number() })),
  /** How the answer was made: the last day the snapshot holds, and how many days came from it or from the ledger. */
  snapshot: v.object({ through: v.nullable(v.string()), days_from_snapshot: v.number(), days_from_ledger: v.number() }),
});
export type Dashboard = v.InferOutput<typeof DashboardAnswer>;

export const REPORT_FIGURES = ['summary', 'daily', 'top_rewards', 'branch_ranking', 'tier_distribution'] as const;
export type ReportFigure = (typeof REPORT_FIGURES)[number];

/** The header line of each figure's CSV. */
export const REPORT_COLUMNS = {
  summary: ['figure', 'value'],
  daily: ['day', 'issued', 'redeemed', 'refunded', 'expired', 'adjusted', 'reversed', 'reward_orders'],
  top_rewards: ['item_code', 'item_name', 'units', 'points'],
  branch_ranking: ['rank', 'branch', 'issued', 'redeemed', 'reward_orders'],
  tier_distribution: ['tier', 'members'],
} as const satisfies Record<ReportFigure, readonly string[]>;

const ExportObject = v.looseObject({ ...rangeEntries, figure: v.picklist(REPORT_FIGURES, `figure must be one of ${REPORT_FIGURES.join(', ')}`) });
export const ExportReportArgs = v.pipe(ExportObject, inOrder<v.InferOutput<typeof ExportObject>>(), notTooLong<v.InferOutput<typeof ExportObject>>());

/**
 * For a range of Bangkok days (at most 1,100): members (total, new, active in 30 and 90 days: earned or redeemed),
 * points issued, redeemed, refunded, expired, adjusted and reversed, outstanding points and their liability in baht,
 * the redemption rate ((redeemed − refunded) ÷ issued), reward orders, a daily series, top rewards (net of cancelled
 * ones), branch ranking, tier distribution. With a branch, movements and activity are that branch's; members,
 * outstanding points and tiers the programme's (tiers as last evaluated: at each earning or refund, and by the nightly
 * job). Past days come from the daily snapshot, today from the ledger (`snapshot` says how many of each).
 */
export const DASHBOARD = methodContract(REPORT_METHODS.dashboard, DashboardArgs, DashboardAnswer);

/**
 * One figure of the dashboard as a download, not an answer (the app links to it): `text/csv`, UTF-8 with a byte-order
 * mark (Thai opens in Excel), header `REPORT_COLUMNS[figure]`. `figure` is `summary`, `daily`, `top_rewards`,
 * `branch_ranking` or `tier_distribution`.
 */
export const EXPORT_REPORT = rawMethodContract(REPORT_METHODS.export, ExportReportArgs);
