import type { StaffRefusalReason } from '../../../contracts/staff';
import { FrappeError, type ExcType } from '../../frappe/errors';
import { isErrorCode } from '../../../contracts/errors';

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
  daily_cap: ['ValidationError', 'This member has reached the daily points limit'],
  staff_daily_cap: ['ValidationError', 'You have reached your daily limit for awarding points'],
  member_blocked: ['PermissionError', 'This membership is blocked: no points can be awarded'],
  no_points: ['ValidationError', 'This amount earns no points'],
  no_program: ['ValidationError', "Customer isn't enrolled in any Loyalty Program"],
  phone_not_verified: ['PermissionError', 'This member has not verified a phone number yet. Ask them to verify it in the app first.'],
} as const satisfies Record<StaffRefusalReason, readonly [ExcType, string]>;

export type StaffRefusal = keyof typeof STAFF_REFUSALS;

export function refuse(reason: StaffRefusal, extra: Record<string, unknown> = {}): FrappeError {
  const [exc, message] = STAFF_REFUSALS[reason];
  // A refusal that is also one of the app-wide situations carries its machine code too.
  return new FrappeError(exc, message, { extra: { reason, ...extra }, code: isErrorCode(reason) ? reason : undefined });
}

/** A new staff account's address is another account's name or verified e-mail (compared case-insensitively). */
export const emailInUse = () =>
  new FrappeError('DuplicateEntryError', 'This e-mail address is already in use by another account', { title: 'Already Registered', code: 'email_in_use' });
