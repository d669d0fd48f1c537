import type { RequestContext } from '../../frappe/context';
import type { Executor } from '../../db/client';
import { notFound, validationError } from '../../frappe/errors';
import { balanceOf, earnPoints, lockCustomer, programOf, spendableOf, tierOf } from '../loyalty/ledger';
import { recordEvent } from '../webhooks/events';
import { today } from '../../../contracts/business-day';
import { audit } from '../audit/service';
import { enqueueEvent } from '../notifications/index';
import { userOfCustomer, lockInvoice, setInvoiceStatus, type InvoiceRow } from './repository';

/** A bank transfer's payment, confirmed by the back office: the purchase becomes Paid and earns its points. */

type Program = NonNullable<Awaited<ReturnType<typeof programOf>>>;

/**
 * Posts the points a purchase earns, at the member's tier of the day. Only for a paid purchase: points for an
 * unpaid bank transfer would be spendable (and count towards the tier) before the money arrives, and a member
 * who never pays would keep them: points are earned on confirmed payment only.
 */
export async function earnForPurchase(tx: Executor, inv: InvoiceRow, program: Program, postingDate: string, memberUser: string | null) {
  const tier = await tierOf(tx, inv.customer, program.name);
  await earnPoints(tx, {
    branch: inv.branch,
    customer: inv.customer,
    program,
    points: inv.points_earned,
    purchaseAmount: inv.total - inv.discount_amount,
    invoice: inv.name,
    source: 'purchase',
    postingDate,
    tier: tier.tier_name,
  });
  await recordEvent(tx, 'points.earned', { customer: inv.customer, points: inv.points_earned, balance: await spendableOf(tx, inv.customer, postingDate), order: inv.name, branch: inv.branch });
  if (memberUser) {
    const balance = await balanceOf(tx, inv.customer, postingDate);
    await enqueueEvent(tx, 'points_received', { points: inv.points_earned, balance, source: 'purchase', order: inv.name }, { to: memberUser });
  }
}

/**
 * member_rewards.orders.confirm_payment (back office): the money of a bank-transfer purchase has arrived. The order
 * becomes Paid and its points are posted, dated today (they expire from the day they became spendable). Exactly
 * once: the invoice row is locked and a second confirmation is refused.
 */
export async function confirmPayment(ctx: RequestContext, order: string) {
  const result = await ctx.db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, order);
    if (!inv) throw notFound(`Sales Invoice ${order} not found`);
    if (inv.order_type !== 'purchase') throw validationError('A reward order is paid in points: there is no payment to confirm');
    if (inv.status === 'Cancelled') throw validationError(`Sales Invoice ${order} was cancelled`, 'order_cancelled');
    if (inv.status !== 'Unpaid') throw validationError(`Sales Invoice ${order} is already paid`);
    await setInvoiceStatus(tx, inv.name, 'Paid');
    const program = inv.points_earned > 0 ? await programOf(tx, inv.customer) : null;
    const memberUser = await userOfCustomer(tx, inv.customer);
    if (program) {
      await lockCustomer(tx, inv.customer);
      await earnForPurchase(tx, inv, program, today(), memberUser);
    }
    if (memberUser) {
      await enqueueEvent(
        tx,
        'order_status',
        { order: inv.name, status: 'Paid', ...(program ? { points: inv.points_earned } : {}) },
        { to: memberUser },
      );
    }
    await audit(ctx, tx, {
      action: 'confirm_payment',
      doctype: 'Sales Invoice',
      name: inv.name,
      before: { status: inv.status },
      after: { status: 'Paid', points_posted: program ? inv.points_earned : 0 },
      branch: inv.branch,
    });
    return { name: inv.name, status: 'Paid', points_earned: program ? inv.points_earned : 0, member_user: memberUser };
  });
  ctx.services.notifyListUpdate('Sales Invoice', result.name, result.member_user ?? ctx.user.name);
  return { name: result.name, status: result.status, points_earned: result.points_earned };
}
