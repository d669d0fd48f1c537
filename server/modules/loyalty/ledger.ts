import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loyaltyPointEntries, loyaltyPrograms, loyaltyTiers } from '../../db/schema/loyalty';
import { customers } from '../../db/schema/customers';
import { validationError } from '../../frappe/errors';
import { today } from '../../../contracts/business-day';
import type { EntryType } from '../../../contracts/admin';

/**
 * The points ledger, compatible with ERPNext's Loyalty Point Entry:
 * - an earning is a positive row (a batch) with an expiry date (posting date + the programme's expiry_duration);
 * - a redemption is one negative row per batch it consumed, carrying that batch's name (redeem_against) and its
 *   expiry date, consuming the soonest-expiring batches first;
 * - the balance on a day is the sum of the rows posted by then and not yet expired, so when a batch expires,
 *   the batch and what was spent from it drop out together: what was left of it is what expires.
 * Dates are ISO days (YYYY-MM-DD) of the programme's business day in Thailand; `asOf` defaults to today, tests
 * move it to travel in time.
 */

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const live = (customer: string, asOf: string) =>
  and(
    eq(loyaltyPointEntries.customer, customer),
    gte(loyaltyPointEntries.expiry_date, asOf),
    lte(loyaltyPointEntries.posting_date, asOf),
  );

/** Balance = sum of the rows posted by `asOf` and not expired on it. */
export async function balanceOf(db: Executor, customer: string, asOf: string = today()): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${loyaltyPointEntries.loyalty_points}), 0)::int` })
    .from(loyaltyPointEntries)
    .where(live(customer, asOf));
  return Number(row?.total ?? 0);
}

/** Lifetime points earned (tier basis: spending points never lowers a tier). */
export async function pointsEarned(db: Executor, customer: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${loyaltyPointEntries.loyalty_points}), 0)::int` })
    .from(loyaltyPointEntries)
    .where(and(eq(loyaltyPointEntries.customer, customer), sql`${loyaltyPointEntries.loyalty_points} > 0`));
  return Number(row?.total ?? 0);
}

/** What the member's earning purchases came to, in baht (the purchase amount of every earning entry). */
export async function amountSpent(db: Executor, customer: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${loyaltyPointEntries.purchase_amount}), 0)` })
    .from(loyaltyPointEntries)
    .where(and(eq(loyaltyPointEntries.customer, customer), sql`${loyaltyPointEntries.loyalty_points} > 0`));
  return Number(row?.total ?? 0);
}

export interface TierInfo {
  tier_name: string | null;
  tier_thumbnail: string | null;
  next_tier_name: string | null;
  points_to_next_tier: number;
}

type TierRow = { tier_name: string; min_points: number; tier_thumbnail: string | null };

/** Pure tier rule: the highest tier whose threshold the earned points reach, and the distance to the next. */
export function tierFor(earned: number, tiers: readonly TierRow[]): TierInfo {
  const sorted = [...tiers].sort((a, b) => a.min_points - b.min_points);
  const current = [...sorted].reverse().find((t) => earned >= t.min_points) ?? null;
  const next = sorted.find((t) => t.min_points > earned) ?? null;
  return {
    tier_name: current?.tier_name ?? null,
    tier_thumbnail: current?.tier_thumbnail ?? null,
    next_tier_name: next?.tier_name ?? null,
    points_to_next_tier: next ? next.min_points - earned : 0,
  };
}

export async function tierOf(db: Executor, customer: string, program: string): Promise<TierInfo> {
  const earned = await pointsEarned(db, customer);
  const tiers = await db.select().from(loyaltyTiers).where(eq(loyaltyTiers.loyalty_program, program)).orderBy(asc(loyaltyTiers.min_points));
  return tierFor(earned, tiers);
}

export type Program = typeof loyaltyPrograms.$inferSelect;

/** The customer's programme, or the default one (the first by name) for a customer not enrolled yet. */
export async function programOf(db: Executor, customer: string): Promise<Program | null> {
  const [c] = await db.select({ program: customers.loyalty_program }).from(customers).where(eq(customers.name, customer)).limit(1);
  if (c?.program) {
    const [p] = await db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.name, c.program)).limit(1);
    if (p) return p;
  }
  const [first] = await db.select().from(loyaltyPrograms).orderBy(asc(loyaltyPrograms.name)).limit(1);
  return first ?? null;
}

/** ERPNext's earning rule: one point per full `collection_factor` baht of the eligible amount. */
export function pointsForAmount(program: Pick<Program, 'collection_factor'> | null, eligibleAmount: number): number {
  if (!program || !(program.collection_factor > 0) || !(eligibleAmount > 0)) return 0;
  // Round to satang first so 99.99999 from float sums does not lose a point.
  return Math.floor(Math.round(eligibleAmount * 100) / Math.round(program.collection_factor * 100));
}

const entryName = () => `LPE-${randomBytes(6).toString('hex')}`;

export type { EntryType };

/** Back-office fields of an entry: the reason (one of the configured list), an internal note, the member's line. */
export interface EntryNotes {
  reason?: string | null;
  note?: string | null;
  memberText?: string | null;
}

export interface EarnInput extends EntryNotes {
  customer: string;
  program: Program;
  points: number;
  purchaseAmount?: number;
  invoice?: string | null;
  invoiceType?: string | null;
  source: 'purchase' | 'staff_award' | 'welcome' | 'adjustment' | 'import';
  postingDate?: string;
  /** Defaults to the posting date plus the programme's expiry_duration (an imported balance may bring its own). */
  expiryDate?: string;
  tier?: string | null;
  receiptNo?: string | null;
  staffUser?: string | null;
}

/** Adjustments and imported balances are the back office's; everything else positive is an earning. */
const earnType = (source: EarnInput['source']): EntryType => (source === 'adjustment' || source === 'import' ? 'adjust' : 'earn');

/** The row of one earned batch (earnPoints writes one; an import writes many in one statement). */
export function batchRow(input: EarnInput): typeof loyaltyPointEntries.$inferInsert {
  if (!Number.isInteger(input.points) || input.points <= 0) throw new Error('earnPoints needs a positive whole number');
  const posting = input.postingDate ?? today();
  return {
    name: entryName(),
    customer: input.customer,
    loyalty_program: input.program.name,
    loyalty_program_tier: input.tier ?? null,
    loyalty_points: input.points,
    purchase_amount: input.purchaseAmount ?? 0,
    posting_date: posting,
    expiry_date: input.expiryDate ?? addDays(posting, input.program.expiry_duration),
    invoice_type: input.invoice ? (input.invoiceType ?? 'Sales Invoice') : null,
    invoice: input.invoice ?? null,
    entry_type: earnType(input.source),
    source: input.source,
    reason: input.reason ?? null,
    note: input.note ?? null,
    member_text: input.memberText ?? null,
    receipt_no: input.receiptNo ?? null,
    staff_user: input.staffUser ?? null,
  };
}

/** Writes one earned batch; its expiry is the posting date plus the programme's expiry_duration. */
export async function earnPoints(db: Executor, input: EarnInput) {
  const [row] = await db.insert(loyaltyPointEntries).values(batchRow(input)).returning();
  return row!;
}

export interface Batch {
  name: string;
  expiry_date: string;
  posting_date: string;
  available: number;
  loyalty_program_tier: string | null;
}

/** Unexpired earned batches on `asOf` with what is left of each, soonest expiry first (the FIFO order). */
export async function openBatches(db: Executor, customer: string, asOf: string = today()): Promise<Batch[]> {
  const redeemed = db
    .select({
      against: loyaltyPointEntries.redeem_against,
      used: sql<number>`coalesce(sum(${loyaltyPointEntries.loyalty_points}), 0)::int`.as('used'),
    })
    .from(loyaltyPointEntries)
    .where(and(eq(loyaltyPointEntries.customer, customer), isNotNull(loyaltyPointEntries.redeem_against)))
    .groupBy(loyaltyPointEntries.redeem_against)
    .as('redeemed');
  const rows = await db
    .select({
      name: loyaltyPointEntries.name,
      expiry_date: loyaltyPointEntries.expiry_date,
      posting_date: loyaltyPointEntries.posting_date,
      points: loyaltyPointEntries.loyalty_points,
      used: sql<number>`coalesce(${redeemed.used}, 0)::int`,
      loyalty_program_tier: loyaltyPointEntries.loyalty_program_tier,
    })
    .from(loyaltyPointEntries)
    .leftJoin(redeemed, eq(redeemed.against, loyaltyPointEntries.name))
    .where(and(live(customer, asOf), sql`${loyaltyPointEntries.loyalty_points} > 0`))
    .orderBy(asc(loyaltyPointEntries.expiry_date), asc(loyaltyPointEntries.posting_date), asc(loyaltyPointEntries.created_at), asc(loyaltyPointEntries.name));
  return rows
    .map((r) => ({
      name: r.name,
      expiry_date: r.expiry_date,
      posting_date: r.posting_date,
      available: r.points + Number(r.used),
      loyalty_program_tier: r.loyalty_program_tier,
    }))
    .filter((b) => b.available > 0);
}

export const NOT_ENOUGH_POINTS = "You don't have enough Loyalty Points to redeem";
export const NEGATIVE_BALANCE = 'This adjustment would make the balance negative';

export interface RedeemInput {
  customer: string;
  program: Program;
  points: number;
  invoice: string;
  purchaseAmount?: number;
  postingDate?: string;
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
}

/**
 * Spends points: one negative row per batch consumed, soonest expiry first (a spend may split across batches),
 * for a redemption or a negative adjustment alike. Call it inside a transaction that holds the customer's row
 * lock (`lockCustomer`), so two spends can never both see the same balance. Refuses (417) when the balance is short.
 */
export async function spendPoints(db: Executor, input: SpendInput) {
  if (!Number.isInteger(input.points) || input.points <= 0) throw new Error('spendPoints needs a positive whole number');
  const short = () =>
    input.entryType === 'redeem' ? validationError(NOT_ENOUGH_POINTS, 'not_enough_points') : validationError(NEGATIVE_BALANCE, 'negative_balance');
  const asOf = input.postingDate ?? today();
  const balance = await balanceOf(db, input.customer, asOf);
  if (balance < input.points) throw short();
  const batches = await openBatches(db, input.customer, asOf);
  const plan: { batch: Batch; take: number }[] = [];
  let left = input.points;
  for (const batch of batches) {
    if (left === 0) break;
    const take = Math.min(left, batch.available);
    plan.push({ batch, take });
    left -= take;
  }
  if (left > 0) throw short();
  const rows = plan.map(({ batch, take }) => ({
    name: entryName(),
    customer: input.customer,
    loyalty_program: input.program.name,
    loyalty_program_tier: batch.loyalty_program_tier,
    loyalty_points: -take,
    purchase_amount: input.purchaseAmount ?? 0,
    posting_date: asOf,
    expiry_date: batch.expiry_date,
    invoice_type: input.invoice ? 'Sales Invoice' : null,
    invoice: input.invoice ?? null,
    redeem_against: batch.name,
    entry_type: input.entryType,
    source: input.source,
    reason: input.reason ?? null,
    note: input.note ?? null,
    member_text: input.memberText ?? null,
    staff_user: input.staffUser ?? null,
  }));
  return db.insert(loyaltyPointEntries).values(rows).returning();
}

/** A redemption: the order's points spent FIFO by expiry (see spendPoints). */
export function redeemPoints(db: Executor, input: RedeemInput) {
  return spendPoints(db, { ...input, entryType: 'redeem', source: 'redemption' });
}

/** Locks the member's customer row until the transaction ends: the one place concurrent orders queue up. */
export async function lockCustomer(tx: Executor, customer: string) {
  return (await lockCustomerRow(tx, customer)) !== null;
}

/** lockCustomer, answering whether the back office has blocked the member (null: no such customer). */
export async function lockCustomerRow(tx: Executor, customer: string): Promise<{ name: string; blocked: boolean } | null> {
  const [row] = await tx.select({ name: customers.name, blocked: customers.blocked }).from(customers).where(eq(customers.name, customer)).for('update');
  return row ?? null;
}

/** The next batch to expire (for the 'points expire within …' note): its date and what is left of it. */
export async function nextExpiry(db: Executor, customer: string, asOf: string = today()): Promise<{ date: string; points: number } | null> {
  const batches = await openBatches(db, customer, asOf);
  const first = batches[0];
  if (!first) return null;
  const points = batches.filter((b) => b.expiry_date === first.expiry_date).reduce((s, b) => s + b.available, 0);
  return { date: first.expiry_date, points };
}

/** The member's ledger rows, newest first (the points history). */
export async function entriesOf(db: Executor, customer: string) {
  return db
    .select()
    .from(loyaltyPointEntries)
    .where(eq(loyaltyPointEntries.customer, customer))
    .orderBy(desc(loyaltyPointEntries.posting_date), desc(loyaltyPointEntries.created_at), desc(loyaltyPointEntries.name));
}
