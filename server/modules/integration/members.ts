import type { RequestContext } from '../../frappe/context';
import type { Executor } from '../../db/client';
import { FrappeError, validationError } from '../../frappe/errors';
import { branchByName } from '../orders/repository';
import { verifyMemberCode } from '../staff/codes';
import { lockDevice, markStepUsed } from '../staff/repository';
import { refuse } from '../staff/messages';
import { memberBy, type IntegrationMember } from './repository';

/** Who and where an API client's call is about: the member it names and the branch it acts for. */

export interface MemberArgs {
  phone?: string;
  member_code?: string | null;
  customer?: string | null;
}

/** A scanned member code's one-time step, used up by the call that awards or holds on it (as the till does). */
export interface CodeClaim {
  device: string;
  step: number;
}

const memberNotFound = () => new FrappeError('DoesNotExistError', 'No member matches', { code: 'member_not_found', title: 'Not Found' });

/**
 * The member a call names, by phone (a verified one), customer, or member code: the code checked exactly as the
 * till checks it (live device, current step, not yet used; failed guesses limited). An erased member is no one.
 */
export async function resolveMember(ctx: RequestContext, args: MemberArgs): Promise<{ member: IntegrationMember; claim: CodeClaim | null }> {
  let member: IntegrationMember | null;
  let claim: CodeClaim | null = null;
  if (args.member_code) {
    const verified = await verifyMemberCode(ctx.db, args.member_code);
    member = await memberBy(ctx.db, { user: verified.device.user });
    claim = { device: verified.device.id, step: verified.step };
  } else if (args.phone) {
    member = await memberBy(ctx.db, { phone: args.phone });
  } else {
    member = await memberBy(ctx.db, { customer: args.customer ?? '' });
  }
  if (!member || member.erased_at) throw memberNotFound();
  return { member, claim };
}

/** Uses up a member code's step in the caller's transaction: a code awards or holds once, whichever till scans it. */
export async function useCode(tx: Executor, claim: CodeClaim | null) {
  if (!claim) return;
  const device = await lockDevice(tx, claim.device);
  if (!device || device.revoked_at) throw refuse('code_invalid');
  if (device.last_used_step !== null && claim.step <= device.last_used_step) throw refuse('code_used');
  await markStepUsed(tx, claim.device, claim.step);
}

/**
 * The branch a call acts for: a client bound to a branch acts for it alone (naming another is a 403); any other
 * client names an existing branch (`required`) or none.
 */
export async function branchOf(ctx: RequestContext, named: string | null | undefined, required: boolean): Promise<string | null> {
  const own = ctx.user.client?.branch ?? null;
  if (own) {
    if (named && named !== own) throw new FrappeError('PermissionError', 'This API client acts for another branch', { code: 'not_your_branch' });
    return own;
  }
  if (!named) {
    if (required) throw validationError('Name the branch', 'branch_required');
    return null;
  }
  const row = await branchByName(ctx.db, named);
  if (!row) throw validationError(`Branch ${named.slice(0, 80)} not found`, 'branch_not_found');
  return row.name;
}
