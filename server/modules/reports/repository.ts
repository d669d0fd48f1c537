import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { loyaltyPointEntries as E } from '../../db/schema/loyalty';
import { deliveryNotes, salesInvoiceItems, salesInvoices } from '../../db/schema/orders';
import { reportDaily, reportDailyBranches, reportDailyRewards } from '../../db/schema/reports';
import { BUSINESS_TIME_ZONE } from '../../../contracts/business-day';
import type { Movements } from '../../../contracts/reports';
import { addDays, liveOn, pointsSumSql } from '../loyalty/ledger';

/**
 * The reports' SQL, each figure straight from the ledger and the orders over a range of Bangkok days. The snapshot
 * job calls these for one day; the dashboard calls them for today and for any past day the snapshot lacks; the
 * benchmark calls them for a whole range to show what the dashboard would cost without the snapshot.
 */

const sumOf = (types: string[], sign = 1) =>
  sql<number>`(${sign} * coalesce(sum(case when ${E.entry_type} in (${sql.join(types.map((t) => sql`${t}`), sql`, `)}) then ${E.loyalty_points} else 0 end), 0))::int`;

const movementColumns = {
  issued: sumOf(['earn', 'bonus']),
  redeemed: sumOf(['redeem'], -1),
  refunded: sumOf(['refund']),
  expired: sumOf(['expire'], -1),
  adjusted: sumOf(['adjust']),
  reversed: sumOf(['reverse'], -1),
};

export interface MovementRow extends Movements {
  day: string;
  branch: string;
}

const num = <T extends Record<string, unknown>>(row: T, keys: readonly string[]) => {
  const out: Record<string, unknown> = { ...row };
  for (const k of keys) out[k] = Number(row[k] ?? 0);
  return out as T;
};
const MOVEMENT_KEYS = ['issued', 'redeemed', 'refunded', 'expired', 'adjusted', 'reversed'] as const;

/** Point movements per posting day and branch ('' : no branch) over [from, to]. */
export async function movementsByDayBranch(db: Executor, from: string, to: string): Promise<MovementRow[]> {
  const rows = await db
    .select({ day: E.posting_date, branch: sql<string>`coalesce(${E.branch}, '')`, ...movementColumns })
    .from(E)
    .where(and(gte(E.posting_date, from), lte(E.posting_date, to)))
    .groupBy(E.posting_date, sql`coalesce(${E.branch}, '')`);
  return rows.map((r) => num(r, MOVEMENT_KEYS));
}

/** Reward orders placed per day and branch over [from, to]. */
export async function rewardOrdersByDayBranch(db: Executor, from: string, to: string) {
  const rows = await db
    .select({ day: salesInvoices.posting_date, branch: sql<string>`coalesce(${salesInvoices.branch}, '')`, orders: sql<number>`count(*)::int` })
    .from(salesInvoices)
    .where(and(eq(salesInvoices.order_type, 'redemption'), gte(salesInvoices.posting_date, from), lte(salesInvoices.posting_date, to)))
    .groupBy(salesInvoices.posting_date, sql`coalesce(${salesInvoices.branch}, '')`);
  return rows.map((r) => ({ ...r, orders: Number(r.orders) }));
}

/** The activity that makes a member active: earning or redeeming (written as lpe_activity_idx's predicate, so it serves). */
const activity = sql`${E.entry_type} in ('earn', 'redeem')`;

/** The members active over the 30 and the 90 days that end on a day (both windows include it). */
export interface ActiveCounts {
  active_30: number;
  active_90: number;
}

// Both windows from one read of the 90 days: each member's (or member and branch's) last active day, then counted by
// how recent it is. A GROUP BY keeps a hash of the members where count(distinct ...) would sort every row of the
// range (spilling to disk over 90 days of a large programme), and the 30 days are not read a second time.
const in90Days = (end: string, branch?: string | null) =>
  and(activity, gte(E.posting_date, addDays(end, -89)), lte(E.posting_date, end), branch === undefined ? undefined : sql`coalesce(${E.branch}, '') = ${branch ?? ''}`);
const lastDay = sql<string>`max(${E.posting_date})`.as('last');

const countsOf = (last: SQL, end: string) => ({
  active_30: sql<number>`(count(*) filter (where ${last} >= ${addDays(end, -29)}::date))::int`,
  active_90: sql<number>`count(*)::int`,
});

/** Members active in the 30 and the 90 days to `end`: in all (branch undefined) or at one branch ('' : no branch). */
export async function activeMembers(db: Executor, end: string, branch?: string | null): Promise<ActiveCounts> {
  const last = db.select({ last: lastDay }).from(E).where(in90Days(end, branch)).groupBy(E.customer).as('last_active');
  const [row] = await db.select(countsOf(sql`${last.last}`, end)).from(last);
  return { active_30: Number(row?.active_30 ?? 0), active_90: Number(row?.active_90 ?? 0) };
}

/** activeMembers for every branch at once. */
export async function activeMembersByBranch(db: Executor, end: string): Promise<Map<string, ActiveCounts>> {
  const branch = sql<string>`coalesce(${E.branch}, '')`;
  const last = db.select({ branch: branch.as('branch'), last: lastDay }).from(E).where(in90Days(end)).groupBy(branch, E.customer).as('last_active');
  const rows = await db.select({ branch: last.branch, ...countsOf(sql`${last.last}`, end) }).from(last).groupBy(last.branch);
  return new Map(rows.map((r) => [r.branch, { active_30: Number(r.active_30), active_90: Number(r.active_90) }]));
}

/** The business time zone as a literal (a constant, never input): the same expression may then be grouped by. */
const ZONE = sql.raw(`'${BUSINESS_TIME_ZONE}'`);

/** The instant a Bangkok day starts, as the session's local timestamp (customers.creation is one). */
const dayStart = (day: string) => sql`((${day}::date)::timestamp at time zone ${ZONE}) at time zone current_setting('TimeZone')`;

/** The instant a Bangkok day starts (a timestamptz, for cancelled_at and its index). */
const dayStartUtc = (day: string) => sql`((${day}::date)::timestamp at time zone ${ZONE})`;

/** Members who joined in [from, to]. */
export async function newMembers(db: Executor, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(customers)
    .where(and(sql`${customers.creation} >= ${dayStart(from)}`, sql`${customers.creation} < ${dayStart(to)} + interval '1 day'`));
  return Number(row?.n ?? 0);
}

/** Members who had joined by the end of `day`. */
export async function membersBy(db: Executor, day: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(customers).where(sql`${customers.creation} < ${dayStart(day)} + interval '1 day'`);
  return Number(row?.n ?? 0);
}

/** Every member's balance on `day` added up (the whole ledger: what the snapshot saves the dashboard). */
export async function outstandingOn(db: Executor, day: string): Promise<number> {
  const [row] = await db.select({ total: pointsSumSql }).from(E).where(liveOn(day));
  return Number(row?.total ?? 0);
}

/**
 * How the outstanding points changed from the day before `day` to `day`: the rows posted that day and live on it,
 * less the rows that were live the day before and whose batch's last day it was. Two index range reads.
 */
export async function outstandingChange(db: Executor, day: string, dayBefore: string): Promise<number> {
  const [[added], [dropped]] = await Promise.all([
    db.select({ total: sql<number>`coalesce(sum(${E.loyalty_points}), 0)::int` }).from(E).where(and(eq(E.posting_date, day), gte(E.expiry_date, day))),
    db.select({ total: sql<number>`coalesce(sum(${E.loyalty_points}), 0)::int` }).from(E).where(and(eq(E.expiry_date, dayBefore), lte(E.posting_date, dayBefore))),
  ]);
  return Number(added?.total ?? 0) - Number(dropped?.total ?? 0);
}

/**
 * Members per stored tier ('' : no tier). Grouped by the column itself, not an expression of it, so the count reads
 * customers_tier_idx alone (an index-only scan) instead of every member's whole row.
 */
export async function tierCounts(db: Executor): Promise<Record<string, number>> {
  const rows = await db
    .select({ tier: customers.loyalty_program_tier, n: sql<number>`count(*)::int` })
    .from(customers)
    .groupBy(customers.loyalty_program_tier);
  // Added up, not assigned: a stored '' and no tier at all are both counted under ''.
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.tier ?? ''] = (counts[r.tier ?? ''] ?? 0) + Number(r.n);
  return counts;
}

export interface RewardUnits {
  day: string;
  branch: string;
  item_code: string;
  item_name: string;
  units: number;
  points: number;
}

/** The orders placed in [from, to]: read once by posting day (si_posting_idx), as a CTE the lines are looked up from. */
const ordersIn = (db: Executor, from: string, to: string) =>
  db.$with('placed_orders').as(
    db
      .select({ name: salesInvoices.name, day: salesInvoices.posting_date, branch: sql<string>`coalesce(${salesInvoices.branch}, '')`.as('branch') })
      .from(salesInvoices)
      .where(and(gte(salesInvoices.posting_date, from), lte(salesInvoices.posting_date, to))),
  );

/**
 * Reward units per day, branch and item over [from, to]: the reward lines of orders placed that day, less the lines
 * whose note was cancelled that day (a cancelled or uncollected reward was not redeemed after all).
 */
export async function rewardUnitsByDay(db: Executor, from: string, to: string): Promise<RewardUnits[]> {
  const cancelledDay = sql`(${deliveryNotes.cancelled_at} at time zone ${ZONE})::date`;
  const orders = ordersIn(db, from, to);
  const [placed, cancelled] = await Promise.all([
    // The lines are looked up by their orders' names (sii_parent_idx): joined plainly, the planner hashes every line
    // of every order ever placed to keep the few of the range.
    db
      .with(orders)
      .select({
        day: orders.day,
        branch: orders.branch,
        item_code: salesInvoiceItems.item_code,
        item_name: sql<string>`min(${salesInvoiceItems.item_name})`,
        units: sql<number>`sum(${salesInvoiceItems.qty})::int`,
        points: sql<number>`sum(${salesInvoiceItems.loyalty_points})::int`,
      })
      .from(salesInvoiceItems)
      .innerJoin(orders, eq(orders.name, salesInvoiceItems.parent))
      .where(and(sql`${salesInvoiceItems.loyalty_points} > 0`, sql`${salesInvoiceItems.parent} = any(array(select name from ${orders}))`))
      .groupBy(orders.day, orders.branch, salesInvoiceItems.item_code),
    db
      .select({
        day: sql<string>`${cancelledDay}::text`,
        branch: sql<string>`coalesce(${salesInvoices.branch}, '')`,
        item_code: salesInvoiceItems.item_code,
        item_name: sql<string>`min(${salesInvoiceItems.item_name})`,
        units: sql<number>`(-sum(${salesInvoiceItems.qty}))::int`,
        points: sql<number>`(-sum(${salesInvoiceItems.loyalty_points}))::int`,
      })
      .from(deliveryNotes)
      .innerJoin(salesInvoiceItems, eq(salesInvoiceItems.id, deliveryNotes.sales_invoice_item))
      .innerJoin(salesInvoices, eq(salesInvoices.name, salesInvoiceItems.parent))
      .where(and(eq(deliveryNotes.status, 'Cancelled'), sql`${deliveryNotes.cancelled_at} >= ${dayStartUtc(from)}`, sql`${deliveryNotes.cancelled_at} < ${dayStartUtc(to)} + interval '1 day'`))
      .groupBy(cancelledDay, sql`coalesce(${salesInvoices.branch}, '')`, salesInvoiceItems.item_code),
  ]);
  return [...placed, ...cancelled].map((r) => ({ ...r, day: String(r.day), units: Number(r.units), points: Number(r.points) }));
}

// ------------------------------------------------------------------------------------------- the snapshot

export type DailyRow = typeof reportDaily.$inferSelect;
export type DailyBranchRow = typeof reportDailyBranches.$inferSelect;

export async function lastSnapshotDay(db: Executor): Promise<string | null> {
  const [row] = await db.select({ day: sql<string | null>`max(${reportDaily.day})::text` }).from(reportDaily);
  return row?.day ? String(row.day) : null;
}

export async function snapshotRow(db: Executor, day: string): Promise<DailyRow | null> {
  const [row] = await db.select().from(reportDaily).where(eq(reportDaily.day, day)).limit(1);
  return row ?? null;
}

/** The first day the ledger or the orders have anything (where a first snapshot run starts). */
export async function firstActivityDay(db: Executor): Promise<string | null> {
  const [row] = await db.select({ day: sql<string | null>`min(${E.posting_date})::text` }).from(E);
  return row?.day ? String(row.day) : null;
}

/** Writes one day's snapshot; a day already written is left as it is (the first writer's rows stand). */
export async function writeSnapshot(tx: Executor, daily: DailyRow, branches: DailyBranchRow[], rewards: RewardUnits[]): Promise<boolean> {
  const written = await tx.insert(reportDaily).values(daily).onConflictDoNothing().returning({ day: reportDaily.day });
  if (!written.length) return false;
  if (branches.length) await tx.insert(reportDailyBranches).values(branches).onConflictDoNothing();
  if (rewards.length) await tx.insert(reportDailyRewards).values(rewards).onConflictDoNothing();
  return true;
}

export async function snapshotBranchRows(db: Executor, from: string, to: string, branch?: string | null) {
  const rows = await db
    .select()
    .from(reportDailyBranches)
    .where(and(gte(reportDailyBranches.day, from), lte(reportDailyBranches.day, to), branch === undefined ? undefined : eq(reportDailyBranches.branch, branch ?? '')))
    .orderBy(asc(reportDailyBranches.day));
  return rows.map((r) => ({ ...r, day: String(r.day) }));
}

/** The programme-wide snapshot rows of [from, to], oldest first. */
export async function snapshotDailyRows(db: Executor, from: string, to: string): Promise<DailyRow[]> {
  const rows = await db.select().from(reportDaily).where(and(gte(reportDaily.day, from), lte(reportDaily.day, to))).orderBy(asc(reportDaily.day));
  return rows.map((r) => ({ ...r, day: String(r.day) }));
}

export async function snapshotRewardRows(db: Executor, from: string, to: string, branch?: string | null): Promise<RewardUnits[]> {
  const where: SQL | undefined = and(
    gte(reportDailyRewards.day, from),
    lte(reportDailyRewards.day, to),
    branch === undefined ? undefined : eq(reportDailyRewards.branch, branch ?? ''),
  );
  const rows = await db.select().from(reportDailyRewards).where(where);
  return rows.map((r) => ({ ...r, day: String(r.day) }));
}
