import { readWithSession, type RequestContext } from '../../frappe/context';
import { balanceOf, leavingWindow, openBatches, standingFromSums, standingOf } from './ledger';
import { today } from '../../../contracts/business-day';
import { pointsPageOf, pointsSummaryOf, pointsSummarySessionRead, type HistoryCursor } from './repository';
import { POINTS_PAGE_MAX } from '../../../contracts/loyalty';
import { validationError } from '../../frappe/errors';
import { requireCustomer } from './members';
import { addMonths } from '../programme/rules';

/**
 * What the points history and the reward home show, for the caller only: the summary (pointsSummaryOf, read with the
 * session when it came that way) and, when rows are asked for, one page of them (pointsPageOf). The sums are over
 * every row; `record` is one page, newest first, after `before` (a `next_before` of an earlier answer).
 */
export async function pointsDetails(ctx: RequestContext, args: { limit?: number; before?: HistoryCursor }) {
  const limit = args.limit ?? POINTS_PAGE_MAX;
  const summary = readWithSession(ctx, pointsSummarySessionRead) ?? (await pointsSummaryOf(ctx.db, ctx.user.name));
  if (!summary) throw validationError('No customer is linked to this user');
  const { customer, sums, held } = summary;
  // One row more than the page: whether anything older is left, without counting the rest.
  const keyed = limit === 0 ? [] : await pointsPageOf(ctx.db, customer.name, { rows: limit + 1, before: args.before ?? null });
  // Not enrolled: the default programme's standing (rare; the sums were read for the member's own programme).
  const asOf = summary.as_of;
  const standing = customer.loyalty_program ? await standingFromSums(ctx.db, customer.loyalty_program, sums, asOf) : await standingOf(ctx.db, customer.name, asOf);
  const expiry = summary.next_expiry;
  const page = keyed.slice(0, limit);
  const more = keyed.length > limit && page.length > 0;
  return {
    customer: customer.name,
    loyalty_program: standing.program,
    loyalty_points: sums.balance - held,
    held_points: held,
    total_spent: Number(summary.spent ?? 0),
    points_earned: standing.basis,
    loyalty_program_tier: standing.tier?.name ?? null,
    next_tier_name: standing.next?.name ?? null,
    points_to_next_tier: standing.points_to_next_tier,
    next_expiry_date: expiry?.date ?? null,
    next_expiry_points: expiry?.points ?? 0,
    // What each row is (entry_type with source: earn/purchase, expire/expiry, refund/order_cancelled...) and, for an
    // adjustment, the line written for the member; the reason and the internal note stay in the back office.
    record: page.map(({ _key, ...record }) => record),
    next_before: more ? page.at(-1)!._key : null,
  };
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** member_rewards.loyalty.get_expiry_schedule: every batch with points left and when it expires, soonest first. */
export async function expirySchedule(ctx: RequestContext) {
  const customer = await requireCustomer(ctx);
  const asOf = today();
  const [balance, batches] = await Promise.all([balanceOf(ctx.db, customer.name, asOf), openBatches(ctx.db, customer.name, asOf)]);
  const byDate = new Map<string, number>();
  for (const b of batches) byDate.set(b.expiry_date, (byDate.get(b.expiry_date) ?? 0) + b.available);
  return {
    as_of: asOf,
    loyalty_points: balance,
    batches: batches.map((b) => ({
      batch: b.name,
      entry_type: b.entry_type,
      source: b.source,
      posting_date: b.posting_date,
      expiry_date: b.expiry_date,
      points: b.points,
      available: b.available,
      days_left: daysBetween(asOf, b.expiry_date),
    })),
    by_date: [...byDate].map(([expiry_date, points]) => ({ expiry_date, points })),
  };
}

const tierView = (t: { name: string; threshold: number; multiplier: number; colour: string; thumbnail?: string | null } | null) =>
  t ? { name: t.name, threshold: t.threshold, multiplier: t.multiplier, colour: t.colour, thumbnail: t.thumbnail ?? null } : null;

/** member_rewards.loyalty.get_tier_progress: the tier, the points earned that count, what the next tier needs. */
export async function tierProgress(ctx: RequestContext) {
  const customer = await requireCustomer(ctx);
  const asOf = today();
  const s = await standingOf(ctx.db, customer.name, asOf);
  const rules = s.rules?.rules;
  // With a rolling window, the oldest points counted leave it a year after they were earned: the day and how many.
  const leaving = s.window_start ? await leavingWindow(ctx.db, customer.name, s.window_start, asOf) : null;
  return {
    loyalty_program: s.program,
    as_of: asOf,
    tier_window: rules?.tier_window ?? 'lifetime',
    window_start: s.window_start,
    points_earned: s.basis,
    tier: tierView(s.tier),
    next_tier: tierView(s.next),
    points_to_next_tier: s.points_to_next_tier,
    leaving_window: leaving && leaving.points > 0 ? { date: addMonths(leaving.posting_date, 12), points: leaving.points } : null,
    tiers: (rules?.tiers ?? []).map((t) => tierView(t)!).sort((a, b) => a.threshold - b.threshold),
  };
}
