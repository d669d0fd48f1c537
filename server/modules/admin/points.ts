import type { RequestContext } from '../../frappe/context';
import type { Executor } from '../../db/client';
import { validationError } from '../../frappe/errors';
import { DEFAULT_ADJUSTMENT_REASONS } from '../../../contracts/admin';
import { balanceOf, earnPoints, lockCustomerRow, programOf, refreshTier, spendableOf, spendPoints, tierOf } from '../loyalty/ledger';
import { recordEvent } from '../webhooks/events';
import { TIER_ADJUST_REASON } from '../../../contracts/loyalty';
import { today } from '../../../contracts/business-day';
import { audit } from '../audit/service';
import { listSetting, memberRows, putSetting } from './repository';
import { memberNotFound } from './members';
import { enqueueEvent } from '../notifications/index';

export const REASONS_SETTING = 'adjustment_reasons';

/** The configured adjustment reasons (the defaults until the back office sets its own). */
export async function adjustmentReasons(db: Executor): Promise<string[]> {
  return (await listSetting(db, REASONS_SETTING)) ?? [...DEFAULT_ADJUSTMENT_REASONS];
}

export async function updateAdjustmentReasons(ctx: RequestContext, reasons: string[]) {
  await ctx.db.transaction(async (tx) => {
    const before = await adjustmentReasons(tx);
    await putSetting(tx, REASONS_SETTING, reasons);
    await audit(ctx, tx, { action: 'update', doctype: 'Settings', name: REASONS_SETTING, before: { reasons: before }, after: { reasons }, branch: null });
  });
  return { reasons };
}

export async function checkReason(db: Executor, reason: string) {
  if (!(await adjustmentReasons(db)).includes(reason)) throw validationError(`Unknown reason: ${reason.slice(0, 60)}`, 'unknown_reason');
}

export interface AdjustInput {
  customer: string;
  points: number;
  reason: string;
  note?: string | null;
  member_text?: string | null;
}

/**
 * member_rewards.admin.adjust_points. Needs an Idempotency-Key (a retried click adds the points once). In one
 * transaction with the member's row locked: a positive adjustment is a new batch (the programme's expiry); a
 * negative one spends batches soonest-expiry first like a redemption and is refused when the balance would go
 * below zero; the audit row goes with it.
 */
export async function adjustPoints(ctx: RequestContext, input: AdjustInput) {
  if (!ctx.request.headers['idempotency-key']) {
    throw validationError('Send an Idempotency-Key header with every adjustment', 'idempotency_key_required');
  }
  await checkReason(ctx.db, input.reason);
  const member = await memberRows(ctx.db, input.customer);
  if (!member) throw memberNotFound(input.customer);
  const customer = member.customer.name;
  const program = await programOf(ctx.db, customer);
  if (!program) throw validationError("Customer isn't enrolled in any Loyalty Program");
  const notes = { reason: input.reason, note: input.note || null, memberText: input.member_text || null, staffUser: ctx.user.name };
  const day = today();
  const result = await ctx.db.transaction(async (tx) => {
    await lockCustomerRow(tx, customer);
    const before = await balanceOf(tx, customer, day);
    let entries: string[];
    if (input.points > 0) {
      const tier = await tierOf(tx, customer, program.name);
      const entry = await earnPoints(tx, { customer, program, points: input.points, source: 'adjustment', postingDate: day, tier: tier.tier_name, ...notes });
      entries = [entry.name];
    } else {
      const rows = await spendPoints(tx, { customer, program, points: -input.points, entryType: 'adjust', source: 'adjustment', postingDate: day, ...notes });
      entries = rows.map((r) => r.name);
      // Taking back a purchase the till should not have given takes it back from the tier too.
      if (input.reason === TIER_ADJUST_REASON) await refreshTier(tx, customer, day);
    }
    const after = await balanceOf(tx, customer, day);
    await audit(ctx, tx, {
      action: 'adjust_points',
      doctype: 'Customer',
      name: customer,
      before: { loyalty_points: before },
      after: { loyalty_points: after, points: input.points, reason: input.reason, note: notes.note, member_text: notes.memberText, entries },
      branch: null,
    });
    // Signed: an adjustment is the one event whose points may be taken (negative) as well as given.
    await recordEvent(tx, 'points.adjusted', { customer, points: input.points, balance: await spendableOf(tx, customer, day) });
    // The member hears of it with the text written for them; the reason code and the note stay internal.
    await enqueueEvent(
      tx,
      'points_adjusted',
      { points: input.points, balance: after, ...(notes.memberText ? { reason: notes.memberText } : {}) },
      { to: member.user.name },
    );
    return { customer, points: input.points, loyalty_points: after, entries };
  });
  ctx.services.notifyListUpdate('Loyalty Point Entry', result.entries[0]!, member.user.name);
  return result;
}
