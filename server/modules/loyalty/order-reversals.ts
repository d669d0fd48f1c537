import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loyaltyPointEntries } from '../../db/schema/loyalty';
import { today } from '../../../contracts/business-day';
import type { EntrySource } from '../../../contracts/loyalty';
import { againstRow, openBatches, plan, type Row } from './batches';
import type { Program } from './standing';

/** An order undone: the points it spent come back to their batches, the points it earned are taken back. */

const E = loyaltyPointEntries;

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
  /** The refunded order; null for a till's receipt, named by `receiptNo` and its batch (`ownBatch`) instead. */
  invoice: string | null;
  receiptNo?: string | null;
  ownBatch?: string;
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
  const invoice = input.invoice;
  const own = new Set(
    input.ownBatch
      ? [input.ownBatch]
      : invoice
        ? (await tx.select({ name: E.name }).from(E).where(and(eq(E.customer, input.customer), eq(E.invoice, invoice), isNull(E.redeem_against), sql`${E.loyalty_points} > 0`))).map(
            (r) => r.name,
          )
        : [],
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
          invoice_type: input.invoice ? 'Sales Invoice' : null,
          invoice: input.invoice,
          receipt_no: input.receiptNo ?? null,
          entry_type: 'reverse',
          source: 'purchase_refund',
          branch: input.branch ?? null,
        }),
      ),
    );
  }
  return { reversed: input.points - left, shortfall: left };
}
