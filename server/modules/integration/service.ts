import type * as v from 'valibot';
import type { RequestContext } from '../../frappe/context';
import { FrappeError, validationError } from '../../frappe/errors';
import { today } from '../../../contracts/business-day';
import { maskPhone } from '../../../contracts/privacy';
import type { EarnAnswer } from '../../../contracts/integration';
import { earningForMember } from '../programme/service';
import { earnPoints, heldPointsOf, lockCustomerRow, programOf, refreshTier, reversePoints, spendableOf, tierOf } from '../loyalty/ledger';
import { pointsToTakeBack } from '../orders/lifecycle';
import { audit } from '../audit/service';
import { logAccess } from '../privacy/access-log';
import { enqueueEvent } from '../notifications/index';
import { confirmReward } from '../staff/hand-over';
import { refuse } from '../staff/messages';
import { branchOf, resolveMember, useCode, type MemberArgs } from './members';
import { claimReceipt, receiptOf, updateReceipt } from './repository';
import { recordEvent } from '../webhooks/events';

/** What a brand's till or web shop does with a member: look up, earn for a receipt, take back on a return, confirm a reward. */

type Earned = v.InferOutput<typeof EarnAnswer>;

const clientOf = (ctx: RequestContext) => ctx.user.client!.apiKey;
const cents = (x: number) => Math.round(x * 100) / 100;

/** member_rewards.integration.lookup_member: what a till shows; the phone masked; the look-up is in the access log. */
export async function lookupMember(ctx: RequestContext, args: MemberArgs) {
  const { member } = await resolveMember(ctx, args);
  const program = await programOf(ctx.db, member.customer);
  const day = today();
  const [points, held, tier] = await Promise.all([
    spendableOf(ctx.db, member.customer, day),
    heldPointsOf(ctx.db, member.customer),
    program ? tierOf(ctx.db, member.customer, program.name) : null,
  ]);
  await ctx.db.transaction(async (tx) => {
    await logAccess(ctx, tx, [member.customer], 'search');
    await audit(ctx, tx, { action: 'lookup_member', doctype: 'Customer', name: member.customer, after: { by: args.member_code ? 'member_code' : args.phone ? 'phone' : 'customer' } });
  });
  return {
    customer: member.customer,
    full_name: member.full_name || member.customer_name,
    tier: tier?.tier_name ?? null,
    points,
    held_points: held,
    phone: maskPhone(member.mobile_no),
  };
}

export interface EarnInput extends MemberArgs {
  receipt_no: string;
  branch?: string | null;
  amount: number;
  lines?: { item_code?: string | null; item_group?: string | null; qty?: number; amount: number }[];
}

/**
 * member_rewards.integration.earn. The receipt number is claimed first, in the transaction, by the unique index of
 * (client, branch, receipt): a repeat, or the loser of a race, answers the first post's result and writes nothing.
 * The points are the programme's rules of today for the member's tier at the branch, the till's own computation.
 */
export async function earnForReceipt(ctx: RequestContext, input: EarnInput): Promise<Earned> {
  const client = clientOf(ctx);
  const branch = (await branchOf(ctx, input.branch, true))!;
  const repeat = async () => {
    const first = await receiptOf(ctx.db, client, branch, input.receipt_no);
    return first ? ({ ...(first.answer as Earned), duplicate: true } satisfies Earned) : null;
  };
  // A repeat of a finished post: its answer, before a member code (used up by the first post) is checked again.
  const done = await repeat();
  if (done) return done;
  const { member, claim } = await resolveMember(ctx, input);
  if (!member.phone_verified) throw refuse('phone_not_verified');
  const day = today();
  const result = await ctx.db.transaction(async (tx) => {
    const claimed = await claimReceipt(tx, { client, branch, receipt_no: input.receipt_no, customer: member.customer, amount: input.amount });
    if (!claimed) return null;
    await useCode(tx, claim);
    const locked = await lockCustomerRow(tx, member.customer);
    if (!locked) throw refuse('no_program');
    if (locked.blocked) throw refuse('member_blocked');
    const program = await programOf(tx, member.customer);
    if (!program) throw refuse('no_program');
    const lines = input.lines?.map((l) => ({ amount: l.amount, item_group: l.item_group ?? null })) ?? [{ amount: input.amount }];
    const earned = await earningForMember(tx, { customer: member.customer, program, day, branch, lines });
    if (!earned) throw refuse('no_program');
    const points = earned.earning.points;
    if (points <= 0) throw refuse('no_points', { collection_factor: earned.rules.rules.baht_per_point });
    const entry = await earnPoints(tx, {
      customer: member.customer,
      program,
      points,
      purchaseAmount: input.amount,
      source: 'purchase',
      postingDate: day,
      tier: earned.earning.tier,
      receiptNo: input.receipt_no,
      branch,
    });
    const balance = await spendableOf(tx, member.customer, day);
    const multiplier = Math.max(...earned.earning.lines.map((l) => l.multiplier), 1);
    const answer: Earned = {
      customer: member.customer,
      receipt_no: input.receipt_no,
      branch,
      amount: input.amount,
      points,
      balance,
      entry: entry.name,
      multiplier,
      campaign: earned.earning.campaign?.name ?? null,
      duplicate: false,
    };
    await updateReceipt(tx, claimed.id, { points, entry: entry.name, answer });
    await audit(ctx, tx, {
      action: 'award_points',
      doctype: 'Loyalty Point Entry',
      name: entry.name,
      after: { customer: member.customer, points, amount: input.amount, receipt_no: input.receipt_no, campaign: earned.earning.campaign?.id ?? null, rules_version: earned.rules.version },
      branch,
    });
    await enqueueEvent(tx, 'points_received', { points, balance: Math.max(0, balance), source: 'purchase', branch }, { to: member.user });
    await recordEvent(tx, 'points.earned', { customer: member.customer, points, balance, receipt_no: input.receipt_no, branch });
    return answer;
  });
  if (!result) return (await repeat())!;
  ctx.services.notifyListUpdate('Loyalty Point Entry', result.entry, member.user);
  return result;
}

const receiptNotFound = (receiptNo: string) =>
  new FrappeError('DoesNotExistError', `Receipt ${receiptNo.slice(0, 60)} not found`, { code: 'receipt_not_found', title: 'Not Found' });

/**
 * member_rewards.integration.reverse: a return of `amount` baht (all that is left when not given). The receipt row is
 * locked, so returns of one receipt queue up and add up to at most its amount; the points taken back are the
 * receipt's points in proportion to the baht returned so far (all of them at the end), as a refund takes them. Only
 * spendable points are taken (never below zero, never a held point): the rest is the shortfall, kept on the receipt.
 */
export async function reverseReceipt(ctx: RequestContext, input: { receipt_no: string; branch?: string | null; amount?: number }) {
  const client = clientOf(ctx);
  const branch = (await branchOf(ctx, input.branch, true))!;
  const day = today();
  const result = await ctx.db.transaction(async (tx) => {
    const receipt = await receiptOf(tx, client, branch, input.receipt_no, true);
    if (!receipt) throw receiptNotFound(input.receipt_no);
    const total = Number(receipt.amount);
    const before = Number(receipt.reversed_amount);
    const left = cents(total - before);
    const amount = input.amount ?? left;
    if (amount <= 0 || cents(before + amount) > total) throw validationError(`At most ${left} baht of this receipt is left to return`, 'refund_too_large');
    const after = cents(before + amount);
    const due = pointsToTakeBack(receipt.points, after, total) - pointsToTakeBack(receipt.points, before, total);
    await lockCustomerRow(tx, receipt.customer);
    const program = await programOf(tx, receipt.customer);
    const takeable = Math.min(due, Math.max(0, await spendableOf(tx, receipt.customer, day)));
    const taken = program
      ? await reversePoints(tx, { customer: receipt.customer, program, invoice: null, receiptNo: receipt.receipt_no, ownBatch: receipt.entry, points: takeable, postingDate: day, branch })
      : { reversed: 0, shortfall: takeable };
    const shortfall = due - taken.reversed;
    await updateReceipt(tx, receipt.id, {
      reversed_amount: after,
      reversed_points: receipt.reversed_points + taken.reversed,
      points_shortfall: receipt.points_shortfall + shortfall,
    });
    await refreshTier(tx, receipt.customer, day);
    await audit(ctx, tx, {
      action: 'reverse_points',
      doctype: 'Loyalty Point Entry',
      name: receipt.entry,
      before: { reversed_amount: before },
      after: { receipt_no: receipt.receipt_no, customer: receipt.customer, reversed_amount: after, amount, points_due: due, points_reversed: taken.reversed, points_shortfall: shortfall },
      branch,
    });
    const balance = await spendableOf(tx, receipt.customer, day);
    if (taken.reversed > 0) await recordEvent(tx, 'points.reversed', { customer: receipt.customer, points: taken.reversed, balance, receipt_no: receipt.receipt_no, branch });
    return {
      receipt_no: receipt.receipt_no,
      branch,
      customer: receipt.customer,
      amount,
      reversed_amount: after,
      points_due: due,
      points_reversed: taken.reversed,
      points_shortfall: shortfall,
      balance,
    };
  });
  return result;
}

/**
 * member_rewards.integration.confirm_reward: the till's own confirmation (exactly once, at the reward's branch), the
 * client acting for its branch, or the branch it names.
 */
export async function confirmRewardFor(ctx: RequestContext, input: { code: string; branch?: string | null }) {
  const branch = await branchOf(ctx, input.branch, true);
  const answer = await confirmReward({ ...ctx, user: { ...ctx.user, branch } }, input.code);
  return { invoice: answer.invoice, confirmed_at: answer.confirmed_at, delivery_notes: answer.delivery_notes };
}
