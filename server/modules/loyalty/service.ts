import type { RequestContext } from '../../frappe/context';
import { amountSpent, balanceOf, entriesOf, nextExpiry, pointsEarned, programOf, tierOf } from './ledger';
import { today } from '../../../contracts/business-day';
import { requireCustomer } from './members';

/** What the points history and the reward home show, for the caller only. */
export async function pointsDetails(ctx: RequestContext) {
  const customer = await requireCustomer(ctx);
  const asOf = today();
  const program = await programOf(ctx.db, customer.name);
  const [balance, earned, rows, expiry, spent] = await Promise.all([
    balanceOf(ctx.db, customer.name, asOf),
    pointsEarned(ctx.db, customer.name),
    entriesOf(ctx.db, customer.name),
    nextExpiry(ctx.db, customer.name, asOf),
    amountSpent(ctx.db, customer.name),
  ]);
  const tier = program ? await tierOf(ctx.db, customer.name, program.name) : null;
  return {
    customer: customer.name,
    loyalty_program: program?.name ?? null,
    loyalty_points: balance,
    total_spent: spent,
    points_earned: earned,
    loyalty_program_tier: tier?.tier_name ?? null,
    next_tier_name: tier?.next_tier_name ?? null,
    points_to_next_tier: tier?.points_to_next_tier ?? 0,
    next_expiry_date: expiry?.date ?? null,
    next_expiry_points: expiry?.points ?? 0,
    record: rows.map((r) => ({
      name: r.name,
      loyalty_points: r.loyalty_points,
      posting_date: r.posting_date,
      expiry_date: r.expiry_date,
      invoice_type: r.invoice_type,
      invoice: r.invoice,
      redeem_against: r.redeem_against,
      loyalty_program: r.loyalty_program,
      loyalty_program_tier: r.loyalty_program_tier,
      purchase_amount: r.purchase_amount,
      customer: r.customer,
      source: r.source,
      // What the row is (earn, redeem, adjust...) and, for an adjustment, the line written for the member;
      // the reason and the internal note stay in the back office.
      entry_type: r.entry_type,
      member_text: r.member_text,
      receipt_no: r.receipt_no,
      creation: r.creation,
    })),
  };
}
