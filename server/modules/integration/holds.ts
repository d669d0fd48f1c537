import { randomBytes } from 'node:crypto';
import type * as v from 'valibot';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../frappe/context';
import { FrappeError, validationError } from '../../frappe/errors';
import { today } from '../../../contracts/business-day';
import type { HoldSchema } from '../../../contracts/integration';
import { lockCustomerRow, NOT_ENOUGH_POINTS, programOf, spendableOf, spendPoints } from '../loyalty/ledger';
import { audit, auditAs, JOB_ACTOR } from '../audit/service';
import { refuse } from '../staff/messages';
import { branchOf, resolveMember, useCode, type MemberArgs } from './members';
import { expireHolds, holdOf, insertHold, settleHold, type HoldRow } from './repository';
import { recordEvent } from '../webhooks/events';

/**
 * Points as payment: a hold takes points out of the spendable balance at once (the ledger is untouched); a capture
 * spends all or part of them as a redemption (the rest go back); a release or the expiry job gives them all back.
 * Every change of a hold runs under the member's lock, and a hold is settled by one conditional update, so a
 * capture, a release and the expiry job racing each other settle it exactly one way.
 */

type Hold = v.InferOutput<typeof HoldSchema>;

/** The server's clock (tests move it): a hold's expiry is measured on it. */
const nowOf = (ctx: RequestContext) => ctx.request.server.jobs.clock();

const view = (h: HoldRow, balance: number): Hold => ({
  hold: h.name,
  customer: h.customer,
  receipt_no: h.receipt_no,
  points: h.points,
  status: h.status as Hold['status'],
  captured_points: h.captured_points,
  expires_at: h.expires_at.toISOString(),
  balance,
});

const holdNotFound = (name: string) => new FrappeError('DoesNotExistError', `Hold ${name.slice(0, 60)} not found`, { code: 'hold_not_found', title: 'Not Found' });

/** Why a hold could not be settled: it ran out of time, or it was settled already. */
const unsettled = (h: HoldRow, now: Date) =>
  h.status === 'expired' || (h.status === 'held' && h.expires_at <= now)
    ? validationError('These held points have expired', 'hold_expired')
    : validationError(`These held points were already ${h.status}`, 'hold_settled');

/** member_rewards.integration.hold: `points` out of the spendable balance until captured, released or expired. */
export async function holdPoints(ctx: RequestContext, input: MemberArgs & { points: number; receipt_no: string; branch?: string | null; expires_in_minutes: number }) {
  const client = ctx.user.client!.apiKey;
  const branch = await branchOf(ctx, input.branch, false);
  const { member, claim } = await resolveMember(ctx, input);
  const now = nowOf(ctx);
  const day = today(now.getTime());
  return ctx.db.transaction(async (tx) => {
    await useCode(tx, claim);
    const locked = await lockCustomerRow(tx, member.customer);
    if (!locked) throw refuse('no_program');
    if (locked.blocked) throw refuse('member_blocked');
    const spendable = await spendableOf(tx, member.customer, day);
    if (spendable < input.points) throw validationError(NOT_ENOUGH_POINTS, 'not_enough_points');
    const hold = await insertHold(tx, {
      name: `HOLD-${randomBytes(8).toString('hex')}`,
      client,
      customer: member.customer,
      branch,
      receipt_no: input.receipt_no,
      points: input.points,
      expires_at: new Date(now.getTime() + input.expires_in_minutes * 60_000),
    });
    await audit(ctx, tx, { action: 'hold_points', doctype: 'Points Hold', name: hold.name, after: { customer: member.customer, points: input.points, receipt_no: input.receipt_no, expires_at: hold.expires_at.toISOString() }, branch });
    return view(hold, spendable - input.points);
  });
}

/**
 * member_rewards.integration.capture: `points` of the hold (all when not given) spent as a redemption, one ledger line
 * per batch soonest expiry first, with the receipt number; the rest released. Only before the hold expires.
 */
export async function captureHold(ctx: RequestContext, input: { hold: string; points?: number }) {
  const client = ctx.user.client!.apiKey;
  const found = await holdOf(ctx.db, client, input.hold);
  if (!found) throw holdNotFound(input.hold);
  const take = input.points ?? found.points;
  if (take > found.points) throw validationError(`At most ${found.points} points are held`, 'capture_too_large');
  const now = nowOf(ctx);
  const day = today(now.getTime());
  const result = await ctx.db.transaction(async (tx) => {
    await lockCustomerRow(tx, found.customer);
    const hold = await settleHold(tx, found.name, { status: 'captured', captured_points: take, now });
    if (!hold) throw unsettled((await holdOf(tx, client, found.name))!, now);
    const program = await programOf(tx, hold.customer);
    if (!program) throw refuse('no_program');
    // The hold is settled first, so its points are spendable again for the redemption that takes them.
    await spendPoints(tx, { customer: hold.customer, program, points: take, entryType: 'redeem', source: 'redemption', postingDate: day, branch: hold.branch, receiptNo: hold.receipt_no });
    await audit(ctx, tx, {
      action: 'capture_points',
      doctype: 'Points Hold',
      name: hold.name,
      before: { status: 'held' },
      after: { status: 'captured', customer: hold.customer, points: take, released: hold.points - take, receipt_no: hold.receipt_no },
      branch: hold.branch,
    });
    const balance = await spendableOf(tx, hold.customer, day);
    // The points left the ledger as a redemption: subscribers of either event hear of it.
    await recordEvent(tx, 'points.redeemed', { customer: hold.customer, points: take, balance, receipt_no: hold.receipt_no, branch: hold.branch, hold: hold.name });
    await recordEvent(tx, 'hold.captured', { customer: hold.customer, hold: hold.name, points: take, balance, receipt_no: hold.receipt_no, branch: hold.branch });
    return view(hold, balance);
  });
  return result;
}

/** member_rewards.integration.release: every held point back to the spendable balance. */
export async function releaseHold(ctx: RequestContext, input: { hold: string }) {
  const client = ctx.user.client!.apiKey;
  const found = await holdOf(ctx.db, client, input.hold);
  if (!found) throw holdNotFound(input.hold);
  const now = nowOf(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockCustomerRow(tx, found.customer);
    const hold = await settleHold(tx, found.name, { status: 'released', now });
    if (!hold) throw unsettled((await holdOf(tx, client, found.name))!, now);
    await audit(ctx, tx, { action: 'release_points', doctype: 'Points Hold', name: hold.name, before: { status: 'held' }, after: { status: 'released', points: hold.points }, branch: hold.branch });
    const balance = await spendableOf(tx, hold.customer, today(now.getTime()));
    await recordEvent(tx, 'hold.released', { customer: hold.customer, hold: hold.name, points: hold.points, balance, receipt_no: hold.receipt_no, branch: hold.branch });
    return view(hold, balance);
  });
}

const EXPIRY_PAGE = 200;

/**
 * The expiry job: every hold whose time is up goes back to the member, each exactly once however many instances run
 * it at once (a conditional update over rows taken with SKIP LOCKED), audited as the scheduler. Answers how many.
 */
export async function expireDueHolds(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const expired = await expireHolds(tx, now, EXPIRY_PAGE);
      for (const h of expired) {
        await auditAs(JOB_ACTOR, tx, { action: 'release_points', doctype: 'Points Hold', name: h.name, before: { status: 'held' }, after: { status: 'expired', points: h.points }, branch: h.branch });
        await recordEvent(tx, 'hold.released', { customer: h.customer, hold: h.name, points: h.points, balance: await spendableOf(tx, h.customer, today(now.getTime())), receipt_no: h.receipt_no, branch: h.branch });
      }
      return expired.length;
    });
    total += n;
    if (n < EXPIRY_PAGE) return total;
  }
}
