import type { RequestContext } from '../../frappe/context';
import { hitLimit } from '../../frappe/rate-limit';
import { AMOUNT_MAX, RECEIPT_NO_PATTERN } from '../../../contracts/staff';
import { balanceOf, earnPoints, lockCustomerRow, programOf, spendableOf } from '../loyalty/ledger';
import { recordEvent } from '../webhooks/events';
import { today } from '../../../contracts/business-day';
import { earningForMember } from '../programme/service';
import { audit } from '../audit/service';
import { readScanToken, verifyMemberCode } from './codes';
import { enqueueEvent } from '../notifications/index';
import { lockStaffCap, lockDevice, markStepUsed, memberOfUser, receiptAward, recordAction, staffAwardedOn } from './repository';
import { capRefusal, reasonOf, refuse, staffBranch } from './messages';

/** Points the till awards on a receipt, against a member code's one-time step. */

const isUniqueViolation = (err: unknown): boolean => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
};

export interface AwardInput {
  scan_token?: string;
  member_code?: string;
  amount: number;
  receipt_no: string;
}

/**
 * member_rewards.staff.award_points. In one transaction with the member's customer row and the code's device
 * row locked: the code's step must still be unused, the receipt number new for this branch, and the day's
 * staff awards within the cap; then the ledger row (source staff_award) and the staff action are written and
 * the step is marked used. A unique index on (branch, receipt) backs the receipt check.
 */
export async function awardPoints(ctx: RequestContext, input: AwardInput) {
  const branch = staffBranch(ctx);
  if (!(input.amount > 0 && input.amount <= AMOUNT_MAX)) throw refuse('amount_invalid');
  if (!RECEIPT_NO_PATTERN.test(input.receipt_no)) throw refuse('receipt_invalid');
  await hitLimit(ctx.db, `staff:award:${ctx.user.name}`, 30, 60, 'Too many awards. Please wait a moment.');
  const receiptNo = input.receipt_no.trim().toUpperCase();
  let claim: { device: string; step: number; customer: string | null };
  try {
    if (input.scan_token) {
      const t = await readScanToken(ctx.db, input.scan_token, ctx.user.name);
      claim = { device: t.d, step: t.s, customer: t.c };
    } else {
      const v = await verifyMemberCode(ctx.db, input.member_code ?? '');
      claim = { device: v.device.id, step: v.step, customer: null };
    }
  } catch (err) {
    await recordAction(ctx.db, { staff_user: ctx.user.name, branch, action: 'award_refused', target: receiptNo, detail: { reason: reasonOf(err) } });
    throw err;
  }

  const day = today();
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const device = await lockDevice(tx, claim.device);
      if (!device || device.revoked_at) throw refuse('code_invalid');
      const member = await memberOfUser(tx, device.user);
      if (!member || (claim.customer && claim.customer !== member.customer.name)) throw refuse('code_invalid');
      if (!member.user.phone_verified) throw refuse('phone_not_verified');
      const customer = member.customer.name;
      if ((await lockCustomerRow(tx, customer))?.blocked) throw refuse('member_blocked');
      if (device.last_used_step !== null && claim.step <= device.last_used_step) throw refuse('code_used');

      const previous = await receiptAward(tx, branch, receiptNo);
      if (previous) throw refuse('receipt_used', { receipt_no: receiptNo, awarded_at: previous.created_at.toISOString() });

      const program = await programOf(tx, customer);
      if (!program) throw refuse('no_program');
      // The programme's earning rule of today at this branch for the member's tier: what the simulator answers.
      const earned = await earningForMember(tx, { customer, program, day, branch, lines: [{ amount: input.amount }] });
      if (!earned) throw refuse('no_program');
      const points = earned.earning.points;
      if (points <= 0) throw refuse('no_points', { collection_factor: earned.rules.rules.baht_per_point });

      const cap = earned.rules.rules.daily_cap;
      const already = await staffAwardedOn(tx, { customer }, day);
      if (already + points > cap) throw capRefusal('daily_cap', { points, remaining: Math.max(0, cap - already), cap });
      // The account's own cap, when the back office set one: what this staff member awards to anyone in a day.
      const staffCap = await lockStaffCap(tx, ctx.user.name);
      if (staffCap !== null) {
        const given = await staffAwardedOn(tx, { staffUser: ctx.user.name }, day);
        if (given + points > staffCap) throw capRefusal('staff_daily_cap', { points, remaining: Math.max(0, staffCap - given), cap: staffCap });
      }

      const entry = await earnPoints(tx, {
        customer,
        program,
        points,
        purchaseAmount: input.amount,
        source: 'staff_award',
        postingDate: day,
        tier: earned.earning.tier,
        receiptNo,
        staffUser: ctx.user.name,
        branch,
      });
      await recordAction(tx, {
        staff_user: ctx.user.name,
        branch,
        action: 'award_points',
        target: receiptNo,
        detail: { customer, member: member.user.full_name || member.customer.customer_name, points, amount: input.amount, campaign: earned.earning.campaign?.id ?? null },
      });
      await markStepUsed(tx, claim.device, claim.step);
      await audit(ctx, tx, {
        action: 'award_points',
        doctype: 'Loyalty Point Entry',
        name: entry.name,
        after: { customer, points, amount: input.amount, receipt_no: receiptNo, multiplier: earned.earning.lines[0]?.multiplier ?? 1, campaign: earned.earning.campaign?.id ?? null, rules_version: earned.rules.version },
      });
      const balance = await balanceOf(tx, customer, day);
      await enqueueEvent(tx, 'points_received', { points, balance, source: 'staff_award', branch }, { to: member.user.name });
      await recordEvent(tx, 'points.earned', { customer, points, balance: await spendableOf(tx, customer, day), receipt_no: receiptNo, branch });
      return {
        customer,
        member_user: member.user.name,
        full_name: member.user.full_name || member.customer.customer_name,
        points,
        amount: input.amount,
        receipt_no: receiptNo,
        loyalty_points: balance,
        entry: entry.name,
        awarded_today: already + points,
        daily_cap: cap,
        // How the points were reached (base, tier and campaign multipliers, rounding): the simulator's answer.
        earning: earned.earning,
      };
    });
    ctx.services.notifyListUpdate('Loyalty Point Entry', result.entry, result.member_user);
    const { member_user: _hidden, ...answer } = result;
    return answer;
  } catch (err) {
    const refusal = isUniqueViolation(err) ? refuse('receipt_used', { receipt_no: receiptNo }) : err;
    await recordAction(ctx.db, { staff_user: ctx.user.name, branch, action: 'award_refused', target: receiptNo, detail: { reason: reasonOf(refusal) } });
    throw refusal;
  }
}
