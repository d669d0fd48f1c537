import { and, asc, eq, gte, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loyaltyPointEntries, loyaltyPrograms, programmeRuleVersions } from '../../db/schema/loyalty';
import { customers } from '../../db/schema/customers';
import { orderRefunds } from '../../db/schema/orders';
import { integrationReceipts } from '../../db/schema/integration';
import { today } from '../../../contracts/business-day';
import { TIER_ADJUST_REASON, TIER_ENTRY_TYPES } from '../../../contracts/loyalty';
import type { ProgrammeRules } from '../../../contracts/programme';
import { addDays, addMonths, tierForBasis, tierWindowStart, type TierStanding } from '../programme/rules';
import type { VersionRow } from '../programme/repository';
import { rulesFromVersions, rulesOn, type RulesInEffect } from '../programme/versions';
import { liveBalanceSql } from './balance';
import { recordEvent } from '../webhooks/events';

/** The member's programme and tier: the one computation of a tier, from the rules in effect on the day. */

const E = loyaltyPointEntries;

/** The rows that count toward a tier (contracts/loyalty.ts TIER_ENTRY_TYPES and why). */
export const countsTowardTier = sql`(${E.entry_type} in (${sql.join(TIER_ENTRY_TYPES.map((t) => sql`${t}`), sql`, `)})
  or (${E.entry_type} = 'adjust' and ${E.source} = 'adjustment' and ${E.reason} = ${TIER_ADJUST_REASON}))`;

/**
 * What the returns of a till's receipts (member_rewards.integration.reverse) took back from the tier: the points due
 * on them, given back or short, counted in the window of the day the receipt earned its points (its batch's posting
 * day), as those points were. `customer` is a value or the outer query's column; the inner names are aliased so an
 * outer query over the ledger does not capture them.
 */
export const receiptReturnsSql = (customer: SQL | string | typeof customers.name, asOf: string | Placeholder, from: string | Placeholder | null) =>
  sql<number>`(select coalesce(sum(r.reversed_points + r.points_shortfall), 0)::int from ${integrationReceipts} r
    join ${E} e on e.name = r.entry where r.customer = ${customer} and e.posting_date <= ${asOf} ${from ? sql`and e.posting_date >= ${from}` : sql``})`.mapWith(Number);

/** Points earned within the tier window on `asOf`, less what refunds and returns took back from the tier (never below 0). */
export async function tierBasis(db: Executor, customer: string, rules: Pick<ProgrammeRules, 'tier_window'>, asOf: string): Promise<number> {
  const start = tierWindowStart(rules, asOf);
  // One query after the other: this runs inside writers' transactions, on one connection.
  const [earned] = await db
    .select({ total: sql<number>`coalesce(sum(${E.loyalty_points}), 0)::int` })
    .from(E)
    .where(and(eq(E.customer, customer), lte(E.posting_date, asOf), start ? gte(E.posting_date, start) : undefined, countsTowardTier));
  const [refunded] = await db
    .select({ total: sql<number>`coalesce(sum(${orderRefunds.points_due}), 0)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.customer, customer), lte(orderRefunds.posting_date, asOf), start ? gte(orderRefunds.posting_date, start) : undefined));
  const [returned] = await db.select({ total: receiptReturnsSql(customer, asOf, start) }).from(customers).where(eq(customers.name, customer));
  return Math.max(0, Number(earned?.total ?? 0) - Number(refunded?.total ?? 0) - Number(returned?.total ?? 0));
}

/** The first day of the window with points that count, and how many points that day gave (they leave first). */
export async function leavingWindow(db: Executor, customer: string, windowStart: string, asOf: string): Promise<{ posting_date: string; points: number } | null> {
  const [row] = await db
    .select({ posting_date: E.posting_date, points: sql<number>`sum(${E.loyalty_points})::int` })
    .from(E)
    .where(and(eq(E.customer, customer), gte(E.posting_date, windowStart), lte(E.posting_date, asOf), countsTowardTier))
    .groupBy(E.posting_date)
    .orderBy(asc(E.posting_date))
    .limit(1);
  return row ? { posting_date: row.posting_date, points: Number(row.points) } : null;
}

export type Program = typeof loyaltyPrograms.$inferSelect;

/**
 * The customer's programme, or the default one (the first by name) for a customer not enrolled yet. A caller holding
 * the customer row passes its `loyalty_program` (`enrolled`), saving the read of it.
 */
export async function programOf(db: Executor, customer: string, enrolled?: string | null): Promise<Program | null> {
  const program =
    enrolled !== undefined ? enrolled : (await db.select({ program: customers.loyalty_program }).from(customers).where(eq(customers.name, customer)).limit(1))[0]?.program;
  if (program) {
    const [p] = await db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.name, program)).limit(1);
    if (p) return p;
  }
  const [first] = await db.select().from(loyaltyPrograms).orderBy(asc(loyaltyPrograms.name)).limit(1);
  return first ?? null;
}

/**
 * A programme's rule versions in the order they apply, as JSON text: rulesOfText folds the same text once per day,
 * and parses it only then.
 */
const versionsTextSql = (program: SQL) =>
  sql<string | null>`(select json_agg(v order by v.effective_from, v.id)::text from ${programmeRuleVersions} v where v.loyalty_program = ${program})`;

/**
 * programOf for a member whose enrolment is known, with the rules in effect on `day`: the programme's rule versions
 * are read in the same query (an order needs both, and each statement is a round trip).
 */
export async function programWithRules(db: Executor, enrolled: string | null, day: string): Promise<{ program: Program | null; rules: RulesInEffect | null }> {
  const [row] = await db
    .select({
      program: loyaltyPrograms,
      versions: versionsTextSql(sql`${loyaltyPrograms.name}`),
    })
    .from(loyaltyPrograms)
    // The member's own programme if it exists, else the first by name (programOf's fallback).
    .orderBy(sql`(${loyaltyPrograms.name} = ${enrolled}) desc`, asc(loyaltyPrograms.name))
    .limit(1);
  return programWithRulesFrom(db, row ?? null, day);
}

/** What programWithRules reads, as one JSON value: the programme's row and its versions' text. */
export interface ProgramWithVersions {
  program: Program;
  versions: string | null;
}

/**
 * programWithRules' read as a subquery, for a caller that reads it inside a statement of its own; `enrolled` is
 * the member's programme (a column of the outer query). Its value goes to programWithRulesFrom.
 */
export const programWithVersionsSql = (enrolled: SQL | typeof customers.loyalty_program) =>
  sql<ProgramWithVersions | null>`(select json_build_object('program', row_to_json(p), 'versions', ${versionsTextSql(sql`p.name`)})
    from ${loyaltyPrograms} p order by (p.name = ${enrolled}) desc, p.name asc limit 1)`;

/** The programme and its rules on `day` from what programWithRules or programWithVersionsSql read. */
export async function programWithRulesFrom(db: Executor, row: ProgramWithVersions | null, day: string): Promise<{ program: Program | null; rules: RulesInEffect | null }> {
  if (!row) return { program: null, rules: null };
  // A row that came as JSON writes its moments with a 'T' where the column's own text has a space.
  const program: Program = { ...row.program, creation: row.program.creation.replace('T', ' '), modified: row.program.modified.replace('T', ' ') };
  return { program, rules: await rulesOfText(db, program.name, day, row.versions) };
}

export interface Standing extends TierStanding {
  program: string | null;
  rules: RulesInEffect | null;
  window_start: string | null;
}

/** The member's tier on `asOf` from the rules in effect that day: the one computation every tier read uses. */
export async function standingOf(db: Executor, customer: string, asOf: string = today(), program?: string | null): Promise<Standing> {
  const name = program === undefined ? ((await programOf(db, customer))?.name ?? null) : program;
  const rules = name ? await rulesOn(db, name, asOf) : null;
  if (!rules) return { program: name, rules: null, tier: null, next: null, basis: 0, points_to_next_tier: 0, window_start: null };
  const basis = await tierBasis(db, customer, rules.rules, asOf);
  return { program: name, rules, window_start: tierWindowStart(rules.rules, asOf), ...tierForBasis(basis, rules.rules.tiers) };
}

/**
 * What a member's balance and standing need, as columns of one query over their rows (`customer` and `program` are
 * the outer query's columns, written qualified: a bare column name would resolve inside the subqueries): the balance on `asOf`, the points that count toward a tier and the refunds against it for both
 * windows a programme may have (lifetime, or the year up to `asOf`), and the programme's rule versions. The caller
 * reads them along with its own row; `standingFromSums` then does in code what `standingOf` does in four queries.
 */
export function standingSumsSql(customer: SQL, program: SQL, asOf: string | Placeholder, rolling: string | Placeholder = rollingWindowStart(asOf as string)) {
  const earned = (from: string | Placeholder | null) =>
    sql<number>`(select coalesce(sum(${E.loyalty_points}), 0)::int from ${E} where ${E.customer} = ${customer} and ${E.posting_date} <= ${asOf}
      ${from ? sql`and ${E.posting_date} >= ${from}` : sql``} and ${countsTowardTier})`.mapWith(Number);
  const refunded = (from: string | Placeholder | null) =>
    sql<number>`((select coalesce(sum(${orderRefunds.points_due}), 0)::int from ${orderRefunds} where ${orderRefunds.customer} = ${customer}
      and ${orderRefunds.posting_date} <= ${asOf} ${from ? sql`and ${orderRefunds.posting_date} >= ${from}` : sql``}) + ${receiptReturnsSql(customer, asOf, from)})`.mapWith(Number);
  return {
    balance: liveBalanceSql(customer, asOf),
    earned_lifetime: earned(null),
    earned_rolling: earned(rolling),
    refunded_lifetime: refunded(null),
    refunded_rolling: refunded(rolling),
    versions: versionsTextSql(program),
  };
}

/** The first day of the year up to `asOf`: the rolling tier window's start (the sums' `rolling` value). */
export const rollingWindowStart = (asOf: string) => addDays(addMonths(asOf, -12), 1);

/** The values of standingSumsSql's placeholders `asOf` and `rolling` for today's standing. */
export function standingToday() {
  const asOf = today();
  return { asOf, rolling: rollingWindowStart(asOf) };
}

type VersionJson = Omit<VersionRow, 'created_at'> & { created_at: string };
export interface StandingSums {
  earned_lifetime: number;
  earned_rolling: number;
  refunded_lifetime: number;
  refunded_rolling: number;
  /** The programme's rule versions as JSON text (json_agg), in the order they apply. */
  versions: string | null;
}

/**
 * The rules a programme's versions give on a day, by the versions' text: versions are only ever added, never
 * changed, so the same text on the same day always folds to the same rules. Profile and points reads fold them
 * on every request otherwise (a schema check and a timeline: an eighth of such a read's time). A few entries: one
 * per programme and day, and a new text whenever a version is added.
 */
const foldedRules = new Map<string, RulesInEffect>();
const FOLDED_RULES_KEPT = 32;

async function rulesOfText(db: Executor, program: string, asOf: string, text: string | null): Promise<RulesInEffect | null> {
  const key = `${program}\n${asOf}\n${text ?? ''}`;
  const known = foldedRules.get(key);
  if (known) return known;
  const rows = ((text ? JSON.parse(text) : []) as VersionJson[])
    .map((v) => ({ ...v, created_at: new Date(v.created_at) }))
    .filter((r) => r.effective_from <= asOf);
  const complete = rulesFromVersions(program, rows);
  // Rules that still lean on the starting version also read the programme's row and settings, which change: not kept.
  if (!complete) return rulesOn(db, program, asOf, rows);
  if (foldedRules.size >= FOLDED_RULES_KEPT) foldedRules.delete(foldedRules.keys().next().value!);
  foldedRules.set(key, deepFreeze(complete));
  return complete;
}

/** Kept rules are shared by every request: frozen, a caller that changed them would fail at once, not change them for all. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** standingOf from the sums of `standingSumsSql`: the same rules, window and tier table, without a query. */
export async function standingFromSums(db: Executor, program: string | null, sums: StandingSums, asOf: string = today()): Promise<Standing> {
  const rules = program ? await rulesOfText(db, program, asOf, sums.versions) : null;
  if (!rules) return { program, rules: null, tier: null, next: null, basis: 0, points_to_next_tier: 0, window_start: null };
  const start = tierWindowStart(rules.rules, asOf);
  const basis = Math.max(0, start ? sums.earned_rolling - sums.refunded_rolling : sums.earned_lifetime - sums.refunded_lifetime);
  return { program, rules, window_start: start, ...tierForBasis(basis, rules.rules.tiers) };
}

export interface TierInfo {
  tier_name: string | null;
  tier_thumbnail: string | null;
  next_tier_name: string | null;
  points_to_next_tier: number;
}

export const tierInfo = (s: Pick<Standing, 'tier' | 'next' | 'points_to_next_tier'>): TierInfo => ({
  tier_name: s.tier?.name ?? null,
  tier_thumbnail: s.tier?.thumbnail ?? null,
  next_tier_name: s.next?.name ?? null,
  points_to_next_tier: s.points_to_next_tier,
});

/** The member's tier today (get_tier's answer). */
export async function tierOf(db: Executor, customer: string, program: string): Promise<TierInfo> {
  return tierInfo(await standingOf(db, customer, today(), program));
}

/**
 * Evaluates the member's tier and keeps it on the customer row (what the reports count), in the caller's
 * transaction: after every write that moves the tier and nightly (a rolling window lowers tiers with no write).
 */
export async function refreshTier(tx: Executor, customer: string, asOf: string = today()): Promise<string | null> {
  const s = await standingOf(tx, customer, asOf);
  const tier = s.tier?.name ?? null;
  const [before] = await tx.select({ tier: customers.loyalty_program_tier }).from(customers).where(eq(customers.name, customer));
  await tx.update(customers).set({ loyalty_program_tier: tier, tier_evaluated_on: asOf }).where(eq(customers.name, customer));
  if (before && (before.tier ?? null) !== tier) await recordEvent(tx, 'tier.changed', { customer, tier, previous_tier: before.tier ?? null });
  return tier;
}

