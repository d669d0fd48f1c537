import type { Executor } from '../../db/client';
import { loyaltyPointEntries } from '../../db/schema/loyalty';
import { today } from '../../../contracts/business-day';
import { TIER_ADJUST_REASON, type EntrySource, type EntryType } from '../../../contracts/loyalty';
import { addDays, expiryFor } from '../programme/rules';
import { rulesOn } from '../programme/versions';
import { entryName } from './batches';
import { refreshTier, type Program } from './standing';

/** Earning: a batch of points, with the expiry the programme's rules of its day give it. */

const E = loyaltyPointEntries;

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
