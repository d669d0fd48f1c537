import type { Campaign, Earning, ProgrammeRules, TierRule } from '../../../contracts/programme';

/**
 * The programme's rules as pure functions of a rules version: when a batch expires, which tier a number of points
 * earned reaches, and what a receipt earns. The till's award, a purchase, the simulator and the reports all call
 * these, so they can never disagree. Days are ISO days (YYYY-MM-DD) in Bangkok.
 */

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The same day n months later (or earlier), clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export function endOfMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The last day a batch earned on `posting` can be spent (it is gone from the next day on). */
export function expiryFor(rules: Pick<ProgrammeRules, 'expiry'>, posting: string): string {
  const e = rules.expiry;
  return e.policy === 'days' ? addDays(posting, e.days) : endOfMonth(addMonths(`${posting.slice(0, 7)}-01`, e.months));
}

/**
 * The first posting day that counts toward the tier on `asOf`: null for a lifetime window; for a rolling window of 12
 * months, the day after the same day a year earlier (on 15 Mar 2027 the points of 16 Mar 2026 on count).
 */
export function tierWindowStart(rules: Pick<ProgrammeRules, 'tier_window'>, asOf: string): string | null {
  return rules.tier_window === 'lifetime' ? null : addDays(addMonths(asOf, -12), 1);
}

export interface TierStanding {
  tier: TierRule | null;
  next: TierRule | null;
  /** Points earned within the window (never below 0: reversals of refunded purchases lower it). */
  basis: number;
  points_to_next_tier: number;
}

/** The highest tier whose threshold the points earned reach, and the distance to the next one. */
export function tierForBasis(basis: number, tiers: readonly TierRule[]): TierStanding {
  const earned = Math.max(0, basis);
  const sorted = [...tiers].sort((a, b) => a.threshold - b.threshold);
  const tier = [...sorted].reverse().find((t) => earned >= t.threshold) ?? null;
  const next = sorted.find((t) => t.threshold > earned) ?? null;
  return { tier, next, basis: earned, points_to_next_tier: next ? next.threshold - earned : 0 };
}

export interface ReceiptLine {
  amount: number;
  item_group?: string | null;
}

export interface EarnContext {
  day: string;
  version: number;
  branch: string | null;
  tier: string | null;
  lines: readonly ReceiptLine[];
  /** Baht taken off the whole receipt (a checkout discount): shared over the lines in proportion. */
  discount?: number;
}

/** A campaign applies on its days, at its branches, to its tiers and item groups (an empty list: all of them). */
export function campaignApplies(c: Campaign, day: string, branch: string | null, tier: string | null, itemGroup: string | null | undefined): boolean {
  if (day < c.from_date || day > c.to_date) return false;
  if (c.branches.length && !(branch && c.branches.includes(branch))) return false;
  if (c.tiers.length && !(tier && c.tiers.includes(tier))) return false;
  if (c.item_groups.length && !(itemGroup && c.item_groups.includes(itemGroup))) return false;
  return true;
}

const satang = (baht: number) => BigInt(Math.round(baht * 100));
const hundredths = (m: number) => BigInt(Math.round(m * 100));

function divide(n: bigint, d: bigint, rounding: ProgrammeRules['rounding']): number {
  const q = n / d;
  const r = n % d;
  if (r === 0n || rounding === 'down') return Number(q);
  if (rounding === 'up') return Number(q + 1n);
  return Number(r * 2n >= d ? q + 1n : q);
}

/**
 * What a receipt earns: Σ line amount × tier multiplier × the best campaign of that line, divided by the baht per
 * point, rounded once by the rule (in whole satang and hundredths, so no float ever loses a point). Campaigns do not
 * stack: per line the highest multiplier applies; the tier's multiplier applies on top of it.
 */
export function earningFor(rules: ProgrammeRules, ctx: EarnContext): Earning {
  const tier = ctx.tier ? (rules.tiers.find((t) => t.name === ctx.tier) ?? null) : null;
  const tierMultiplier = tier?.multiplier ?? 1;
  const gross = ctx.lines.reduce((s, l) => s + satang(Math.max(0, l.amount)), 0n);
  const off = ctx.discount ? BigInt(Math.min(Number(gross), Number(satang(ctx.discount)))) : 0n;
  let best: Campaign | null = null;
  let numerator = 0n;
  let base = 0n;
  let shared = 0n;
  const lines = ctx.lines.map((l, i) => {
    const line = satang(Math.max(0, l.amount));
    // The discount shared over the lines in proportion; the last line takes what rounding left, so the lines
    // add up to the receipt less its discount to the satang.
    const share = i === ctx.lines.length - 1 ? off - shared : gross > 0n ? (line * off) / gross : 0n;
    shared += share;
    const eligible = line - share > 0n ? line - share : 0n;
    let campaign: Campaign | null = null;
    for (const c of rules.campaigns) {
      if (campaignApplies(c, ctx.day, ctx.branch, ctx.tier, l.item_group) && (!campaign || c.multiplier > campaign.multiplier)) campaign = c;
    }
    if (campaign && (!best || campaign.multiplier > best.multiplier)) best = campaign;
    const multiplier = hundredths(tierMultiplier) * hundredths(campaign?.multiplier ?? 1);
    numerator += eligible * multiplier;
    base += eligible;
    return {
      item_group: l.item_group ?? null,
      amount: Number(eligible) / 100,
      multiplier: Number(multiplier) / 10_000,
      campaign: campaign?.id ?? null,
    };
  });
  const perPoint = satang(rules.baht_per_point);
  const chosen = best as Campaign | null;
  return {
    date: ctx.day,
    rules_version: ctx.version,
    baht_per_point: rules.baht_per_point,
    rounding: rules.rounding,
    amount: Number(base) / 100,
    base_points: perPoint > 0n ? divide(base, perPoint, rules.rounding) : 0,
    tier: tier?.name ?? null,
    tier_multiplier: tierMultiplier,
    campaign: chosen ? { id: chosen.id, name: chosen.name, multiplier: chosen.multiplier } : null,
    lines,
    points: perPoint > 0n ? divide(numerator, perPoint * 10_000n, rules.rounding) : 0,
  };
}

/** Rules as the programme had them before any version was written here (its row, its tier table and the settings). */
export function startingRules(program: { collection_factor: number; conversion_factor: number; expiry_duration: number }, tiers: readonly { tier_name: string; min_points: number; tier_thumbnail: string | null }[], dailyCap: number): ProgrammeRules {
  return {
    baht_per_point: Number(program.collection_factor),
    point_value_baht: Number(program.conversion_factor),
    rounding: 'down',
    expiry: { policy: 'days', days: program.expiry_duration },
    tier_window: 'lifetime',
    tiers: tiers.map((t, i) => ({ name: t.tier_name, threshold: t.min_points, multiplier: 1, colour: TIER_COLOURS[i % TIER_COLOURS.length]!, thumbnail: t.tier_thumbnail })),
    campaigns: [],
    birthday_bonus: 0,
    signup_bonus: 0,
    daily_cap: dailyCap,
    reminder_days: [30, 7],
    reward_valid_days: 30,
    uncollected_points_back: true,
    purchase_due_days: 3,
  };
}

/** Colours for tiers that never had one (silver, gold, platinum, then greys). */
const TIER_COLOURS = ['#a8a9ad', '#d4af37', '#7f7f7f', '#5c5c5c', '#3d3d3d'];
