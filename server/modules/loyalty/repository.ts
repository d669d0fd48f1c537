import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { readSetting } from '../settings/repository';
import { settings, users } from '../../db/schema/auth';
import { customers } from '../../db/schema/customers';
import { loyaltyPointEntries as E, pointExpiryReminders } from '../../db/schema/loyalty';
import { orderRefunds } from '../../db/schema/orders';
import { countsTowardTier, heldPointsSql, receiptReturnsSql, standingSumsSql, standingToday, type StandingSums } from './ledger';
import { sessionReadAlone } from '../../frappe/sessions';
import { preparedRead } from '../../db/prepared';
import { jsonObject } from '../../db/json-object';
import type { SessionRead } from '../../frappe/context';
import type { PointsRecord } from '../../../contracts/loyalty';

/**
 * The jobs' queries: which members or batches have work due. They only find candidates; each job re-checks under the
 * member's lock and writes with a key that makes the effect once, so a stale candidate costs a query, never a twin.
 */

/** Members with a batch whose last day is in [from, before) and that has no expire row yet, by name after `after`. */
export async function membersWithExpiredBatches(db: Executor, opts: { from: string | null; before: string; after: string; limit: number }) {
  const rows = await db
    .selectDistinct({ customer: E.customer })
    .from(E)
    .where(
      and(
        isNull(E.redeem_against),
        sql`${E.loyalty_points} > 0`,
        lt(E.expiry_date, opts.before),
        opts.from ? gte(E.expiry_date, opts.from) : undefined,
        gt(E.customer, opts.after),
        sql`not exists (select 1 from ${E} as x where x.event_key = 'expire:' || ${E.name})`,
      ),
    )
    .orderBy(asc(E.customer))
    .limit(opts.limit);
  return rows.map((r) => r.customer);
}

/** A job's progress mark (a day), kept in the settings table. */
export async function jobMark(db: Executor, key: string): Promise<string | null> {
  const value = await readSetting(db, key);
  return typeof value === 'string' ? value : null;
}

/** Moves a job's mark forward only (two instances finishing in either order leave the later day). */
export async function advanceJobMark(db: Executor, key: string, day: string) {
  await db
    .insert(settings)
    .values({ key, value: day })
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`case when (${settings.value} #>> '{}') < ${day} then excluded.value else ${settings.value} end` } });
}

export interface ExpiringBatch {
  name: string;
  customer: string;
  expiry_date: string;
  left: number;
}

/** Batches of a programme whose last day is in [from, to] with points left, in (expiry, name) order after a cursor. */
export async function batchesExpiringBetween(db: Executor, opts: { program: string; from: string; to: string; after: { expiry: string; name: string } | null; limit: number }): Promise<ExpiringBatch[]> {
  const moved = sql<number>`(select coalesce(sum(x.loyalty_points), 0) from ${E} as x where x.redeem_against = ${E.name})`;
  const rows = await db
    .select({ name: E.name, customer: E.customer, expiry_date: E.expiry_date, left: sql<number>`(${E.loyalty_points} + ${moved})::int` })
    .from(E)
    .where(
      and(
        eq(E.loyalty_program, opts.program),
        isNull(E.redeem_against),
        sql`${E.loyalty_points} > 0`,
        gte(E.expiry_date, opts.from),
        lte(E.expiry_date, opts.to),
        opts.after ? or(gt(E.expiry_date, opts.after.expiry), and(eq(E.expiry_date, opts.after.expiry), gt(E.name, opts.after.name))) : undefined,
      ),
    )
    .orderBy(asc(E.expiry_date), asc(E.name))
    .limit(opts.limit);
  return rows.map((r) => ({ ...r, left: Number(r.left) }));
}

/** Writes a reminder unless this batch already has one for this reminder day: the row when written, else null. */
export async function insertReminder(tx: Executor, row: typeof pointExpiryReminders.$inferInsert) {
  const [written] = await tx.insert(pointExpiryReminders).values(row).onConflictDoNothing().returning();
  return written ?? null;
}

/** Members whose tier was last evaluated before `day` (or never), by name. */
export async function membersToEvaluate(db: Executor, day: string, limit: number) {
  return db
    .select({ name: customers.name, program: customers.loyalty_program, tier: customers.loyalty_program_tier })
    .from(customers)
    .where(or(isNull(customers.tier_evaluated_on), lt(customers.tier_evaluated_on, day)))
    .orderBy(asc(customers.name))
    .limit(limit);
}

/** Tier basis of many members at once (tierBasis for a page of the nightly job): points earned in the window less refunds. */
export async function tierBases(db: Executor, names: string[], windowStart: string | null, asOf: string): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  const earned = await db
    .select({ customer: E.customer, total: sql<number>`sum(${E.loyalty_points})::int` })
    .from(E)
    .where(and(inArray(E.customer, names), lte(E.posting_date, asOf), windowStart ? gte(E.posting_date, windowStart) : undefined, countsTowardTier))
    .groupBy(E.customer);
  const refunded = await db
    .select({ customer: orderRefunds.customer, total: sql<number>`sum(${orderRefunds.points_due})::int` })
    .from(orderRefunds)
    .where(and(inArray(orderRefunds.customer, names), lte(orderRefunds.posting_date, asOf), windowStart ? gte(orderRefunds.posting_date, windowStart) : undefined))
    .groupBy(orderRefunds.customer);
  const returned = await db
    .select({ customer: customers.name, total: receiptReturnsSql(customers.name, asOf, windowStart) })
    .from(customers)
    .where(inArray(customers.name, names));
  const out = new Map(names.map((n) => [n, 0]));
  for (const r of earned) out.set(r.customer, Number(r.total));
  for (const r of [...refunded, ...returned]) out.set(r.customer, (out.get(r.customer) ?? 0) - Number(r.total));
  return out;
}

/**
 * Stores an evaluated tier unless the member was evaluated on `day` already (an earning that day evaluated it with its
 * own points, which this page may not have seen): the nightly job never overwrites a fresher tier. Answers whether
 * it stored it.
 */
export async function storeTier(tx: Executor, customer: string, tier: string | null, day: string): Promise<boolean> {
  const rows = await tx
    .update(customers)
    .set({ loyalty_program_tier: tier, tier_evaluated_on: day })
    .where(and(eq(customers.name, customer), or(isNull(customers.tier_evaluated_on), lt(customers.tier_evaluated_on, day))))
    .returning({ name: customers.name });
  return rows.length > 0;
}

/** Members born in `month` (MM) of a programme, not blocked, without the birthday bonus `key(customer)` yet. */
export async function birthdayMembers(db: Executor, opts: { program: string; isDefault: boolean; month: string; year: string; after: string; limit: number }) {
  return (
    await db
      .select({ customer: customers.name })
      .from(customers)
      .innerJoin(users, eq(users.name, customers.user))
      .where(
        and(
          opts.isDefault ? or(eq(customers.loyalty_program, opts.program), isNull(customers.loyalty_program)) : eq(customers.loyalty_program, opts.program),
          eq(customers.blocked, false),
          sql`to_char(${users.birth_date}, 'MM') = ${opts.month}`,
          gt(customers.name, opts.after),
          sql`not exists (select 1 from ${E} where ${E.event_key} = 'birthday:' || ${customers.name} || ':' || ${opts.year})`,
        ),
      )
      .orderBy(asc(customers.name))
      .limit(opts.limit)
  ).map((r) => r.customer);
}

/**
 * What the points screen shows above its rows, as one JSON value for the user `user` names (null: no customer):
 * their customer, the balance and the standing's sums (standingSumsSql), the points held as payment, the money spent
 * on purchases that earned points, and the soonest expiry with the points that leave on that day (the batches
 * unexpired on `asOf`, each with what the rows against it left of it: ledger.ts openBatches, summed here by day),
 * all over every row. `asOf` and `rolling` are standingSumsSql's placeholders (standingToday).
 */
function pointsSummarySql(user: SQL | Column) {
  const asOf = sql.placeholder('asOf');
  const member = sql`"customers"."name"`;
  const sums = standingSumsSql(member, sql`"customers"."loyalty_program"`, asOf, sql.placeholder('rolling'));
  return sql<PointsSummary | null>`(select ${jsonObject({
    as_of: sql`${asOf}::text`,
    customer: jsonObject({ name: customers.name, loyalty_program: customers.loyalty_program }),
    sums: jsonObject(sums),
    held: heldPointsSql(member),
    spent: sql`(select coalesce(sum(${E.purchase_amount}), 0) from ${E}
        where ${E.customer} = ${member} and ${E.loyalty_points} > 0 and ${E.redeem_against} is null)`,
    next_expiry: sql`(select json_build_object('date', b.expiry_date, 'points', sum(b.available))
        from (select batch.expiry_date, batch.loyalty_points + coalesce(against.moved, 0) as available
          from ${E} batch
          left join (select moved.redeem_against, sum(moved.loyalty_points) as moved from ${E} moved
            where moved.customer = ${member} and moved.redeem_against is not null and moved.posting_date <= ${asOf}
            group by moved.redeem_against) against on against.redeem_against = batch.name
          where batch.customer = ${member} and batch.expiry_date >= ${asOf} and batch.posting_date <= ${asOf}
            and batch.redeem_against is null and batch.loyalty_points > 0) b
        where b.available > 0 group by b.expiry_date order by b.expiry_date limit 1)`,
  })} from ${customers} where ${customers.user} = ${user} limit 1)`;
}

export interface PointsSummary {
  /** The day the figures are of. */
  as_of: string;
  customer: Pick<typeof customers.$inferSelect, 'name' | 'loyalty_program'>;
  sums: StandingSums & { balance: number };
  held: number;
  spent: number;
  next_expiry: { date: string; points: number } | null;
}

/** The summary in the session's own statement: the home and the card (no rows) are one round trip. */
export const pointsSummarySessionRead: SessionRead<PointsSummary | null> = {
  name: 'points_summary',
  value: (user) => pointsSummarySql(user.name),
  params: standingToday,
};

/** The summary of `user` on today's date, read on its own (null: no customer). */
const summaryAlone = sessionReadAlone(pointsSummarySessionRead);
export const pointsSummaryOf = async (db: Executor, user: string) => (await summaryAlone(db, user)) ?? null;

/**
 * One page of a member's rows, newest first, as a keyset read: rows strictly after the cursor in the order (posting
 * day, created_at, name), read backwards along lpe_history_idx from where the cursor points, so a page deep in a long
 * history costs what the first one does (no OFFSET). Without a cursor the bound is the 'infinity' day, after every
 * real row. Each row carries its own key (`_key`, the cursor text: day_microseconds_name) for the service to hand
 * back as the next cursor; rows come as JSON, `creation` as the text the column reads as elsewhere.
 */
const pointsPageRead = preparedRead((db) =>
  db
    .select({
      records: sql<KeyedRecord[] | null>`(select json_agg(json_build_object(
          '_key', r.posting_date::text || '_' || (extract(epoch from r.created_at) * 1000000)::bigint::text || '_' || r.name,
          'name', r.name, 'loyalty_points', r.loyalty_points, 'posting_date', r.posting_date, 'expiry_date', r.expiry_date,
          'invoice_type', r.invoice_type, 'invoice', r.invoice, 'redeem_against', r.redeem_against,
          'loyalty_program', r.loyalty_program, 'loyalty_program_tier', r.loyalty_program_tier,
          'purchase_amount', r.purchase_amount, 'customer', r.customer, 'source', r.source, 'entry_type', r.entry_type,
          'member_text', r.member_text, 'receipt_no', r.receipt_no, 'branch', r.branch, 'creation', r.creation::text
        ) order by r.posting_date desc, r.created_at desc, r.name desc)
        from (select * from ${E} page where page.customer = ${sql.placeholder('customer')}
          and (page.posting_date, page.created_at, page.name) < (${sql.placeholder('beforeDay')}::date,
            'epoch'::timestamptz + ${sql.placeholder('beforeMicros')}::bigint * interval '1 microsecond', ${sql.placeholder('beforeName')}::text)
          order by page.posting_date desc, page.created_at desc, page.name desc
          limit ${sql.placeholder('rows')}) r)`,
    })
    .from(sql`(select 1) one`)
    .prepare('mr_points_page'),
);

/** A history row with its place in the order (the cursor that starts the page after it). */
export type KeyedRecord = PointsRecord & { _key: string };

/** Where a page starts: after this row's key (HISTORY_CURSOR's parts); null for the newest rows. */
export interface HistoryCursor {
  posting_date: string;
  created_us: string;
  name: string;
}

/** Up to `rows` of `customer`'s history rows after `before` (the service reads one more than it shows). */
export async function pointsPageOf(db: Executor, customer: string, page: { rows: number; before: HistoryCursor | null }): Promise<KeyedRecord[]> {
  const at = page.before ?? { posting_date: 'infinity', created_us: '0', name: '' };
  const [row] = await pointsPageRead(db).execute({
    customer,
    rows: page.rows,
    beforeDay: at.posting_date,
    beforeMicros: at.created_us,
    beforeName: at.name,
  });
  return row?.records ?? [];
}
