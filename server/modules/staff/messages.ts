import type { CapRefusal, StaffRefusalReason } from '../../../contracts/staff';
import { FrappeError, type ExcType } from '../../frappe/errors';
import { isErrorCode } from '../../../contracts/errors';
import type { RequestContext } from '../../frappe/context';

/**
 * Refusals of the staff methods. Each carries a stable `reason` (top-level key of the error body, listed in
 * contracts/staff.ts) so the staff app can show its own Thai/English text; the English sentence is the server message.
 */
export const STAFF_REFUSALS = {
  no_branch: ['PermissionError', 'Your staff account is not assigned to a branch'],
  code_invalid: ['ValidationError', 'This member code is not valid or has expired. Ask the member to open My ID again.'],
  code_used: ['ValidationError', 'This member code has already been used. Ask the member to show the new code.'],
  ticket_invalid: ['ValidationError', 'Scan the member code again before awarding points'],
  unknown_code: ['DoesNotExistError', 'This code is not valid'],
  other_branch: ['PermissionError', 'This reward is for pickup at another branch'],
  already_confirmed: ['DuplicateEntryError', 'This reward has already been handed over'],
  receipt_used: ['DuplicateEntryError', 'This receipt number has already earned points'],
  receipt_invalid: ['ValidationError', 'Receipt number may contain only letters, digits, - / _ .'],
  amount_invalid: ['ValidationError', 'Amount must be more than 0 and at most 1,000,000 baht'],
  // Said with their figures by capRefusal.
  daily_cap: ['ValidationError', 'This receipt would give more points than this member can still be given today.'],
  staff_daily_cap: ['ValidationError', 'This receipt would give more points than your account can still give today.'],
  member_blocked: ['PermissionError', 'This membership is blocked: no points can be awarded'],
  no_points: ['ValidationError', 'This amount earns no points'],
  no_program: ['ValidationError', "Customer isn't enrolled in any Loyalty Program"],
  phone_not_verified: ['PermissionError', 'This member has not verified a phone number yet. Ask them to verify it in the app first.'],
} as const satisfies Record<StaffRefusalReason, readonly [ExcType, string]>;

export type StaffRefusal = keyof typeof STAFF_REFUSALS;

export function refuse(reason: StaffRefusal, extra: Record<string, unknown> = {}, message: string = STAFF_REFUSALS[reason][1]): FrappeError {
  const [exc] = STAFF_REFUSALS[reason];
  // A refusal that is also one of the app-wide situations carries its machine code too.
  return new FrappeError(exc, message, { extra: { reason, ...extra }, code: isErrorCode(reason) ? reason : undefined });
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * A receipt over a daily cap, said as it is: what the receipt would give and what can still be given today. The
 * figures go with the reason, so the app says the same in the staff member's language.
 */
export function capRefusal(reason: 'daily_cap' | 'staff_daily_cap', f: CapRefusal): FrappeError {
  const asked = `This receipt would give ${count(f.points)} ${f.points === 1 ? 'point' : 'points'}`;
  const message =
    reason === 'daily_cap'
      ? f.remaining > 0
        ? `${asked}; only ${count(f.remaining)} of today's ${count(f.cap)} can still be given to this member.`
        : `${asked}; this member has already been given all of today's ${count(f.cap)}.`
      : f.remaining > 0
        ? `${asked}; you can give only ${count(f.remaining)} more of your ${count(f.cap)} today.`
        : `${asked}; you have already given all ${count(f.cap)} ${f.cap === 1 ? 'point' : 'points'} your account may give today.`;
  return refuse(reason, { ...f }, message);
}

/** A new staff account's address is another account's name or verified e-mail (compared case-insensitively). */
export const emailInUse = () =>
  new FrappeError('DuplicateEntryError', 'This e-mail address is already in use by another account', { title: 'Already Registered', code: 'email_in_use' });

/** The branch of the staff member calling: staff without one are refused (no_branch). */
export function staffBranch(ctx: RequestContext): string {
  if (!ctx.user.branch) throw refuse('no_branch');
  return ctx.user.branch;
}

/** The reason a refusal is logged under. */
export function reasonOf(err: unknown): string {
  return err instanceof FrappeError ? String(err.extra?.reason ?? err.excType) : 'error';
}
