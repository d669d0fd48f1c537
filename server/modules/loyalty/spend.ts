import type { Executor } from '../../db/client';
import { loyaltyPointEntries } from '../../db/schema/loyalty';
import { validationError } from '../../frappe/errors';
import { today } from '../../../contracts/business-day';
import type { EntryType } from '../../../contracts/loyalty';
import { againstRow, plan, spendableWithBatches } from './batches';
import type { EntryNotes } from './earn';
import type { Program } from './standing';

/** Spending: a redemption or a negative adjustment, taken from batches soonest expiry first. */

const E = loyaltyPointEntries;

export const NOT_ENOUGH_POINTS = "You don't have enough Loyalty Points to redeem";
export const NEGATIVE_BALANCE = 'This adjustment would make the balance negative';

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
  /** A till's receipt the points paid for (points held as payment, then captured). */
  receiptNo?: string | null;
}

/**
 * Spends points: one negative row per batch consumed, soonest expiry first (a spend may split across batches),
 * for a redemption or a negative adjustment alike. Refuses (417) when the balance is short; points held as payment
 * are not spendable (a capture settles its hold before it spends).
 */
export async function spendPoints(db: Executor, input: SpendInput) {
  return (await spend(db, input)).rows;
}

/** spendPoints, answering also what the member can spend after it (no second read: the member's row is locked). */
async function spend(db: Executor, input: SpendInput) {
  if (!Number.isInteger(input.points) || input.points <= 0) throw new Error('spendPoints needs a positive whole number');
  const short = () =>
    input.entryType === 'redeem' ? validationError(NOT_ENOUGH_POINTS, 'not_enough_points') : validationError(NEGATIVE_BALANCE, 'negative_balance');
  const asOf = input.postingDate ?? today();
  const { spendable, batches } = await spendableWithBatches(db, input.customer, asOf);
  if (spendable < input.points) throw short();
  const { out, left } = plan(batches, input.points);
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
      receipt_no: input.receiptNo ?? null,
    }),
  );
  return { rows: await db.insert(E).values(rows).returning(), spendable: spendable - input.points };
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
export async function redeemPoints(db: Executor, input: RedeemInput) {
  return (await redeemPointsLeaving(db, input)).rows;
}

/** redeemPoints, answering also what the member can spend after it (without reading it again). */
export function redeemPointsLeaving(db: Executor, input: RedeemInput) {
  return spend(db, { ...input, entryType: 'redeem', source: 'redemption' });
}
