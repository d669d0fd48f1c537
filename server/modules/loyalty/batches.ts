import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import { loyaltyPointEntries } from '../../db/schema/loyalty';
import { today } from '../../../contracts/business-day';
import { liveOn, spendableSql } from './balance';

/** The batches points are spent from (soonest expiry first) and the rows that move points of one batch. */

const E = loyaltyPointEntries;

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

/** The unexpired batches of a member on a day with what has moved from each, soonest expiry first; `extra` columns beside. */
function batchesQuery<X extends Record<string, SQL.Aliased | SQL>>(db: Executor, name: string, extra: (customer: Placeholder, asOf: Placeholder) => X) {
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
      ...extra(customer, asOf),
    })
    .from(E)
    .leftJoin(against, eq(against.batch, E.name))
    .where(and(eq(E.customer, customer), liveOn(asOf), isNull(E.redeem_against), sql`${E.loyalty_points} > 0`))
    .orderBy(asc(E.expiry_date), asc(E.posting_date), asc(E.created_at), asc(E.name))
    .prepare(name);
}

const openBatchesRead = preparedRead((db) => batchesQuery(db, 'mr_open_batches', () => ({})));

/** The same batches, each row also carrying what the member can spend (one round trip for a spend's two reads). */
const spendableBatchesRead = preparedRead((db) => batchesQuery(db, 'mr_spendable_batches', (customer, asOf) => ({ spendable: spendableSql(customer, asOf) })));

const withAvailable = <R extends { points: number; moved: number }>(rows: R[]) =>
  rows.map(({ moved, ...r }) => ({ ...r, available: r.points + Number(moved) })).filter((b) => b.available > 0);

/** Unexpired batches on `asOf` with what is left of each, soonest expiry first (the order points are spent in). */
export async function openBatches(db: Executor, customer: string, asOf: string = today()): Promise<Batch[]> {
  return withAvailable(await openBatchesRead(db).execute({ customer, asOf }));
}

/**
 * What the member can spend on `asOf` (the balance less the points held) and the open batches, in one statement. A
 * member with no live batch can spend nothing: 0 without a row to carry the figure.
 */
export async function spendableWithBatches(db: Executor, customer: string, asOf: string = today()): Promise<{ spendable: number; batches: Batch[] }> {
  const rows = await spendableBatchesRead(db).execute({ customer, asOf });
  const spendable = rows.length ? Number(rows[0]!.spendable) : 0;
  return { spendable, batches: withAvailable(rows.map(({ spendable: _, ...r }) => r)) };
}

/** A new entry's name. */
export const entryName = () => `LPE-${randomBytes(6).toString('hex')}`;

export type Row = typeof E.$inferInsert;

/** A row that moves points of one batch (it carries the batch's name and expiry). */
export function againstRow(batch: Pick<Batch, 'name' | 'expiry_date' | 'loyalty_program_tier'>, fields: Omit<Row, 'name' | 'redeem_against' | 'expiry_date' | 'loyalty_program_tier'>): Row {
  return { ...fields, name: entryName(), redeem_against: batch.name, expiry_date: batch.expiry_date, loyalty_program_tier: batch.loyalty_program_tier };
}

/** The soonest-expiry-first plan to take `points` from `batches` (preferred ones first): what each gives. */
export function plan(batches: Batch[], points: number, first: (b: Batch) => boolean = () => false) {
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
