import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import { loyaltyPointEntries, loyaltyPrograms, programmeRuleVersions } from '../../db/schema/loyalty';
import { customers } from '../../db/schema/customers';
import { orderRefunds } from '../../db/schema/orders';
import { validationError } from '../../frappe/errors';
import { today } from '../../../contracts/business-day';
import { TIER_ADJUST_REASON, TIER_ENTRY_TYPES, type EntrySource, type EntryType } from '../../../contracts/loyalty';
import type { ProgrammeRules } from '../../../contracts/programme';
import { addDays, addMonths, expiryFor, tierForBasis, tierWindowStart, type TierStanding } from '../programme/rules';
import type { VersionRow } from '../programme/repository';
import { rulesFromVersions, rulesOn, type RulesInEffect } from '../programme/versions';

/**
 * The points ledger, compatible with ERPNext's Loyalty Point Entry, and the one place that computes a balance and
 * a tier:
 * - a batch is a positive row with no `redeem_against` (earn, bonus, a positive adjustment) and an expiry date;
 * - every other row belongs to one batch (`redeem_against`) and carries its expiry date: spends (redeem, negative
 *   adjust, reverse) take from batches soonest expiry first; a refund gives points back to the batch they came
 *   from; an expiry takes what was left of a batch, dated the day after its last day;
 * - the balance on a day is the sum of the rows posted by then whose batch has not expired, which, once the expiry
 *   job has written a batch's expire row (the batch and its rows then add up to 0), is the plain sum of the rows:
 *   the balance is the sum of the entries, and it is already right before the job has run.
 * Every writer holds the member's customer row lock (`lockCustomerRow`) for its transaction, so two writers never
 * both see the same balance. Dates are Bangkok business days; `asOf` defaults to today and tests move it.
 */

export { addDays } from '../programme/rules';

const E = loyaltyPointEntries;

/**
 * The live-balance rule, once for every reader (a member's balance, lists of members, the reports' outstanding
 * points): a row counts on `asOf` when it was posted by then and its batch has not expired on it.
 */
export const liveOn = (asOf: string | Placeholder) => sql`(${E.posting_date} <= ${asOf} and ${E.expiry_date} >= ${asOf})`;

/** The sum of the points of the rows a query selects (0 for none). */
export const pointsSumSql = sql<number>`coalesce(sum(${E.loyalty_points}), 0)::int`.mapWith(Number);

const live = (customer: string, asOf: string) => and(eq(E.customer, customer), liveOn(asOf));

/** Balance = sum of the rows posted by `asOf` whose batch has not expired on it. */
export async function balanceOf(db: Executor, customer: string, asOf: string = today()): Promise<number> {
  const [row] = await db.select({ total: pointsSumSql }).from(E).where(live(customer, asOf));
  return Number(row?.total ?? 0);
}

/** The same balance as a correlated subquery, for lists of members (`customer` is the outer query's column). */
export const liveBalanceSql = (customer: SQL | typeof customers.name, asOf: string | Placeholder = today()) =>
  sql<number>`(select ${pointsSumSql} from ${E} where ${E.customer} = ${customer} and ${liveOn(asOf)})`.mapWith(Number);

// ------------------------------------------------------------------------------------------- tiers

/** The rows that count toward a tier (contracts/loyalty.ts TIER_ENTRY_TYPES and why). */
export const countsTowardTier = sql`(${E.entry_type} in (${sql.join(TIER_ENTRY_TYPES.map((t) => sql`${t}`), sql`, `)})
  or (${E.entry_type} = 'adjust' and ${E.source} = 'adjustment' and ${E.reason} = ${TIER_ADJUST_REASON}))`;

/** Points earned within the tier window on `asOf`, less what refunds took back from the tier (never below 0). */
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
  return Math.max(0, Number(earned?.total ?? 0) - Number(refunded?.total ?? 0));
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
  if (!row) return { program: null, rules: null };
  return { program: row.program, rules: await rulesOfText(db, row.program.name, day, row.versions) };
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
    sql<number>`(select coalesce(sum(${orderRefunds.points_due}), 0)::int from ${orderRefunds} where ${orderRefunds.customer} = ${customer}
      and ${orderRefunds.posting_date} <= ${asOf} ${from ? sql`and ${orderRefunds.posting_date} >= ${from}` : sql``})`.mapWith(Number);
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
  await tx.update(customers).set({ loyalty_program_tier: tier, tier_evaluated_on: asOf }).where(eq(customers.name, customer));
  return tier;
}

// ------------------------------------------------------------------------------------------- batches

const entryName = () => `LPE-${randomBytes(6).toString('hex')}`;

export type { EntryType };

/** Back-office fields of an entry: the reason (one of the configured list), an internal note, the member's line. */
export interface EntryNotes {
  reason?: string | null;
  note?: string | null;
  memberText?: string | null;
}

export type BatchSource = Extract<EntrySource, 'purchase' | 'staff_award' | 'welcome' | 'adjustment' | 'import' | 'birthday' | 'signup'>;

export interface EarnInput extends EntryNotes {
  customer: string;
  program: Program;
  points: number;
  purchaseAmount?: number;
  invoice?: string | null;
  invoiceType?: string | null;
  source: BatchSource;
  postingDate?: string;
  /** Defaults to the expiry policy in effect on the posting day (an imported balance may bring its own). */
  expiryDate?: string;
  tier?: string | null;
  receiptNo?: string | null;
  staffUser?: string | null;
  branch?: string | null;
  /** Makes the batch once: a second write with the same key writes nothing (bonuses). */
  eventKey?: string | null;
}

/** Adjustments and imported balances are the back office's, bonuses are bonuses, the rest is earned. */
const batchType = (source: BatchSource): EntryType =>
  source === 'adjustment' || source === 'import' ? 'adjust' : source === 'birthday' || source === 'signup' ? 'bonus' : 'earn';

/** The row of one batch, its expiry given (earnPoints writes one; an import writes many in one statement). */
export function batchRow(input: EarnInput & { expiryDate: string }): typeof E.$inferInsert {
  if (!Number.isInteger(input.points) || input.points <= 0) throw new Error('earnPoints needs a positive whole number');
  return {
    name: entryName(),
    customer: input.customer,
    loyalty_program: input.program.name,
    loyalty_program_tier: input.tier ?? null,
    loyalty_points: input.points,
    purchase_amount: input.purchaseAmount ?? 0,
    posting_date: input.postingDate ?? today(),
    expiry_date: input.expiryDate,
    invoice_type: input.invoice ? (input.invoiceType ?? 'Sales Invoice') : null,
    invoice: input.invoice ?? null,
    entry_type: batchType(input.source),
    source: input.source,
    reason: input.reason ?? null,
    note: input.note ?? null,
    member_text: input.memberText ?? null,
    receipt_no: input.receiptNo ?? null,
    staff_user: input.staffUser ?? null,
    branch: input.branch ?? null,
    event_key: input.eventKey ?? null,
  };
}

/** The expiry of a batch earned on `posting` under the programme's rules of that day. */
export async function expiryOn(db: Executor, program: Program, posting: string): Promise<string> {
  const rules = await rulesOn(db, program.name, posting);
  return rules ? expiryFor(rules.rules, posting) : addDays(posting, program.expiry_duration);
}

/**
 * Writes one batch (its expiry from the rules of its posting day unless given) and re-evaluates the member's tier
 * when the batch counts toward it. With an eventKey already written it writes nothing and answers null.
 */
export async function earnOnce(db: Executor, input: EarnInput) {
  const posting = input.postingDate ?? today();
  const expiry = input.expiryDate ?? (await expiryOn(db, input.program, posting));
  const values = batchRow({ ...input, postingDate: posting, expiryDate: expiry });
  const [row] = await db.insert(E).values(values).onConflictDoNothing({ target: E.event_key }).returning();
  if (row && (row.entry_type !== 'adjust' || (row.source === 'adjustment' && row.reason === TIER_ADJUST_REASON))) await refreshTier(db, input.customer, posting);
  return row ?? null;
}

/** Writes one batch (see earnOnce; without an event key it is always written). */
export async function earnPoints(db: Executor, input: Omit<EarnInput, 'eventKey'>) {
  const row = await earnOnce(db, input);
  if (!row) throw new Error('the batch was not written');
  return row;
}

export interface Batch {
  name: string;
  expiry_date: string;
  posting_date: string;
  points: number;
  available: number;
  entry_type: string;
  source: string;
  branch: string | null;
  loyalty_program_tier: string | null;
}

const openBatchesRead = preparedRead((db) => {
  const customer = sql.placeholder('customer');
  const asOf = sql.placeholder('asOf');
  const against = db
    .select({ batch: E.redeem_against, moved: sql<number>`coalesce(sum(${E.loyalty_points}), 0)::int`.as('moved') })
    .from(E)
    .where(and(eq(E.customer, customer), isNotNull(E.redeem_against), lte(E.posting_date, asOf)))
    .groupBy(E.redeem_against)
    .as('against');
  return db
    .select({
      name: E.name,
      expiry_date: E.expiry_date,
      posting_date: E.posting_date,
      points: E.loyalty_points,
      moved: sql<number>`coalesce(${against.moved}, 0)::int`,
      entry_type: E.entry_type,
      source: E.source,
      branch: E.branch,
      loyalty_program_tier: E.loyalty_program_tier,
    })
    .from(E)
    .leftJoin(against, eq(against.batch, E.name))
    .where(and(eq(E.customer, customer), liveOn(asOf), isNull(E.redeem_against), sql`${E.loyalty_points} > 0`))
    .orderBy(asc(E.expiry_date), asc(E.posting_date), asc(E.created_at), asc(E.name))
    .prepare('mr_open_batches');
});

/** Unexpired batches on `asOf` with what is left of each, soonest expiry first (the order points are spent in). */
export async function openBatches(db: Executor, customer: string, asOf: string = today()): Promise<Batch[]> {
  const rows = await openBatchesRead(db).execute({ customer, asOf });
  return rows
    .map(({ moved, ...r }) => ({ ...r, available: r.points + Number(moved) }))
    .filter((b) => b.available > 0);
}

export const NOT_ENOUGH_POINTS = "You don't have enough Loyalty Points to redeem";
export const NEGATIVE_BALANCE = 'This adjustment would make the balance negative';

type Row = typeof E.$inferInsert;

/** A row that moves points of one batch (it carries the batch's name and expiry). */
function againstRow(batch: Pick<Batch, 'name' | 'expiry_date' | 'loyalty_program_tier'>, fields: Omit<Row, 'name' | 'redeem_against' | 'expiry_date' | 'loyalty_program_tier'>): Row {
  return { ...fields, name: entryName(), redeem_against: batch.name, expiry_date: batch.expiry_date, loyalty_program_tier: batch.loyalty_program_tier };
}

/** The soonest-expiry-first plan to take `points` from `batches` (preferred ones first): what each gives. */
function plan(batches: Batch[], points: number, first: (b: Batch) => boolean = () => false) {
  const ordered = [...batches.filter(first), ...batches.filter((b) => !first(b))];
  const out: { batch: Batch; take: number }[] = [];
  let left = points;
  for (const batch of ordered) {
    if (left === 0) break;
    const take = Math.min(left, batch.available);
    out.push({ batch, take });
    left -= take;
  }
  return { out, left };
}

export interface SpendInput extends EntryNotes {
  customer: string;
  program: Program;
  points: number;
  entryType: Extract<EntryType, 'redeem' | 'adjust'>;
  source: 'redemption' | 'adjustment';
  invoice?: string | null;
  purchaseAmount?: number;
  postingDate?: string;
  staffUser?: string | null;
  branch?: string | null;
}

/**
 * Spends points: one negative row per batch consumed, soonest expiry first (a spend may split across batches),
 * for a redemption or a negative adjustment alike. Refuses (417) when the balance is short.
 */
export async function spendPoints(db: Executor, input: SpendInput) {
  if (!Number.isInteger(input.points) || input.points <= 0) throw new Error('spendPoints needs a positive whole number');
  const short = () =>
    input.entryType === 'redeem' ? validationError(NOT_ENOUGH_POINTS, 'not_enough_points') : validationError(NEGATIVE_BALANCE, 'negative_balance');
  const asOf = input.postingDate ?? today();
  if ((await balanceOf(db, input.customer, asOf)) < input.points) throw short();
  const { out, left } = plan(await openBatches(db, input.customer, asOf), input.points);
  if (left > 0) throw short();
  const rows = out.map(({ batch, take }) =>
    againstRow(batch, {
      customer: input.customer,
      loyalty_program: input.program.name,
      loyalty_points: -take,
      purchase_amount: input.purchaseAmount ?? 0,
      posting_date: asOf,
      invoice_type: input.invoice ? 'Sales Invoice' : null,
      invoice: input.invoice ?? null,
      entry_type: input.entryType,
      source: input.source,
      reason: input.reason ?? null,
      note: input.note ?? null,
      member_text: input.memberText ?? null,
      staff_user: input.staffUser ?? null,
      branch: input.branch ?? null,
    }),
  );
  return db.insert(E).values(rows).returning();
}

export interface RedeemInput {
  customer: string;
  program: Program;
  points: number;
  invoice: string;
  purchaseAmount?: number;
  postingDate?: string;
  branch?: string | null;
}

/** A redemption: the order's points spent FIFO by expiry (see spendPoints). */
export function redeemPoints(db: Executor, input: RedeemInput) {
  return spendPoints(db, { ...input, entryType: 'redeem', source: 'redemption' });
}

export interface ReturnInput {
  customer: string;
  invoice: string;
  /** How many of the points the order spent come back (at most what is still out). */
  points: number;
  source: Extract<EntrySource, 'order_cancelled' | 'reward_uncollected' | 'purchase_refund'>;
  postingDate?: string;
  branch?: string | null;
}

/**
 * Gives points an order spent back to the batches they came from, with those batches' expiry dates: the
 * latest-expiring first (the member gets back the longest-lived points). Points going back to a batch that has
 * expired meanwhile expire at once, in the same transaction (an expire row, source expired_on_return), so the
 * member sees both lines and the balance stays the sum of the entries. Never returns more than the order spent
 * and has not had back yet. Answers the points returned.
 */
export async function returnPoints(tx: Executor, input: ReturnInput): Promise<number> {
  const asOf = input.postingDate ?? today();
  const outstanding = await tx
    .select({
      batch: E.redeem_against,
      out: sql<number>`(-sum(${E.loyalty_points}))::int`,
      program: sql<string>`min(${E.loyalty_program})`,
    })
    .from(E)
    .where(and(eq(E.customer, input.customer), eq(E.invoice, input.invoice), inArray(E.entry_type, ['redeem', 'refund']), isNotNull(E.redeem_against)))
    .groupBy(E.redeem_against);
  const names = outstanding.filter((o) => o.out > 0).map((o) => o.batch!);
  if (!names.length || input.points <= 0) return 0;
  const batches = await tx
    .select({ name: E.name, expiry_date: E.expiry_date, loyalty_program_tier: E.loyalty_program_tier })
    .from(E)
    .where(inArray(E.name, names))
    .orderBy(desc(E.expiry_date), desc(E.name));
  const outOf = new Map(outstanding.map((o) => [o.batch!, o]));
  const rows: Row[] = [];
  let left = input.points;
  for (const b of batches) {
    if (left === 0) break;
    const o = outOf.get(b.name)!;
    const give = Math.min(left, o.out);
    left -= give;
    const common = { customer: input.customer, loyalty_program: o.program, posting_date: asOf, invoice_type: 'Sales Invoice', invoice: input.invoice, branch: input.branch ?? null };
    rows.push(againstRow(b, { ...common, loyalty_points: give, entry_type: 'refund', source: input.source }));
    if (b.expiry_date < asOf) rows.push(againstRow(b, { ...common, loyalty_points: -give, entry_type: 'expire', source: 'expired_on_return' }));
  }
  if (rows.length) await tx.insert(E).values(rows);
  return input.points - left;
}

export interface ReverseInput {
  customer: string;
  program: Program;
  invoice: string;
  points: number;
  postingDate?: string;
  branch?: string | null;
}

/**
 * Takes back points a refunded purchase had earned: from that purchase's own batch first, then soonest expiry first,
 * never more than the balance. What could not be taken (the member had spent it) is the shortfall.
 */
export async function reversePoints(tx: Executor, input: ReverseInput): Promise<{ reversed: number; shortfall: number }> {
  const asOf = input.postingDate ?? today();
  if (input.points <= 0) return { reversed: 0, shortfall: 0 };
  const batches = await openBatches(tx, input.customer, asOf);
  const own = new Set(
    (await tx.select({ name: E.name }).from(E).where(and(eq(E.customer, input.customer), eq(E.invoice, input.invoice), isNull(E.redeem_against), sql`${E.loyalty_points} > 0`))).map(
      (r) => r.name,
    ),
  );
  const { out, left } = plan(batches, input.points, (b) => own.has(b.name));
  if (out.length) {
    await tx.insert(E).values(
      out.map(({ batch, take }) =>
        againstRow(batch, {
          customer: input.customer,
          loyalty_program: input.program.name,
          loyalty_points: -take,
          posting_date: asOf,
          invoice_type: 'Sales Invoice',
          invoice: input.invoice,
          entry_type: 'reverse',
          source: 'purchase_refund',
          branch: input.branch ?? null,
        }),
      ),
    );
  }
  return { reversed: input.points - left, shortfall: left };
}

/**
 * The expire rows due for one member on `asOf`: what is left of every batch whose last day is before `asOf`, dated
 * the day after that last day. Each row's event key is its batch's: a second writer (another instance, a retry)
 * writes nothing. Answers the rows written.
 */
export async function expireDue(tx: Executor, customer: string, asOf: string) {
  const moved = tx
    .select({ batch: E.redeem_against, moved: sql<number>`coalesce(sum(${E.loyalty_points}), 0)::int`.as('moved') })
    .from(E)
    .where(and(eq(E.customer, customer), isNotNull(E.redeem_against)))
    .groupBy(E.redeem_against)
    .as('moved');
  const due = await tx
    .select({
      name: E.name,
      expiry_date: E.expiry_date,
      loyalty_program: E.loyalty_program,
      loyalty_program_tier: E.loyalty_program_tier,
      branch: E.branch,
      left: sql<number>`(${E.loyalty_points} + coalesce(${moved.moved}, 0))::int`,
    })
    .from(E)
    .leftJoin(moved, eq(moved.batch, E.name))
    .where(and(eq(E.customer, customer), isNull(E.redeem_against), sql`${E.loyalty_points} > 0`, lt(E.expiry_date, asOf)));
  const rows = due
    .filter((b) => b.left > 0)
    .map((b) => ({
      ...againstRow(b, {
        customer,
        loyalty_program: b.loyalty_program,
        loyalty_points: -b.left,
        posting_date: addDays(b.expiry_date, 1),
        entry_type: 'expire',
        source: 'expiry',
        branch: b.branch,
      }),
      event_key: `expire:${b.name}`,
    }));
  if (!rows.length) return [];
  return tx.insert(E).values(rows).onConflictDoNothing({ target: E.event_key }).returning();
}

/** Locks the member's customer row until the transaction ends: the one place concurrent writers queue up. */
export async function lockCustomer(tx: Executor, customer: string) {
  return (await lockCustomerRow(tx, customer)) !== null;
}

/** lockCustomer, answering whether the back office has blocked the member (null: no such customer). */
export async function lockCustomerRow(tx: Executor, customer: string): Promise<{ name: string; blocked: boolean } | null> {
  const [row] = await tx.select({ name: customers.name, blocked: customers.blocked }).from(customers).where(eq(customers.name, customer)).for('update');
  return row ?? null;
}

/** The member's ledger rows, newest first (the points history). */
const entriesRead = preparedRead((db) =>
  db
    .select()
    .from(E)
    .where(eq(E.customer, sql.placeholder('customer')))
    .orderBy(desc(E.posting_date), desc(E.created_at), desc(E.name))
    .prepare('mr_ledger_entries'),
);

export async function entriesOf(db: Executor, customer: string) {
  return entriesRead(db).execute({ customer });
}

/** What the member's earning purchases came to, in baht (the purchase amount of every earning entry). */
export async function amountSpent(db: Executor, customer: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${E.purchase_amount}), 0)` })
    .from(E)
    .where(and(eq(E.customer, customer), sql`${E.loyalty_points} > 0`, sql`${E.redeem_against} is null`));
  return Number(row?.total ?? 0);
}
