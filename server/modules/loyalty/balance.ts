import { and, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import { loyaltyPointEntries } from '../../db/schema/loyalty';
import { customers } from '../../db/schema/customers';
import { pointHolds } from '../../db/schema/integration';
import { today } from '../../../contracts/business-day';

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

/** The points held as payment of the rows a query selects from point_holds (0 for none). */
const heldSumSql = sql<number>`coalesce(sum(${pointHolds.points}), 0)::int`;

/**
 * Points held as payment at a till or a shop (not yet captured, released or expired): part of the balance, but not
 * spendable. Every spend checks the balance less these, under the member's lock, so holds and redemptions together
 * never spend a point twice.
 */
export async function heldPointsOf(db: Executor, customer: string): Promise<number> {
  const [row] = await db
    .select({ total: heldSumSql })
    .from(pointHolds)
    .where(and(eq(pointHolds.customer, customer), eq(pointHolds.status, 'held')));
  return Number(row?.total ?? 0);
}

/** What `customer` can spend on `asOf` as one scalar subquery: the live balance less the points held. */
export const spendableSql = (customer: string | Placeholder, asOf: string | Placeholder) =>
  sql<number>`((select ${pointsSumSql} from ${E} where ${E.customer} = ${customer} and ${liveOn(asOf)}) - ${heldPointsSql(customer)})`.mapWith(Number);

/** heldPointsOf as one scalar subquery, for a read that needs it beside other figures of the member. */
export const heldPointsSql = (customer: SQL | string | Placeholder) =>
  sql<number>`(select ${heldSumSql} from ${pointHolds} where ${pointHolds.customer} = ${customer} and ${pointHolds.status} = 'held')`.mapWith(Number);

/** What the member can spend now: the balance less the points held (one statement). */
export async function spendableOf(db: Executor, customer: string, asOf: string = today()): Promise<number> {
  const [row] = await db.select({ spendable: spendableSql(customer, asOf) }).from(customers).where(eq(customers.name, customer));
  return Number(row?.spendable ?? 0);
}

/** The same balance as a correlated subquery, for lists of members (`customer` is the outer query's column). */
export const liveBalanceSql = (customer: SQL | typeof customers.name, asOf: string | Placeholder = today()) =>
  sql<number>`(select ${pointsSumSql} from ${E} where ${E.customer} = ${customer} and ${liveOn(asOf)})`.mapWith(Number);

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
