/**
 * The till's rules and refusals, shared by the staff methods (which enforce them) and the staff app (which checks
 * the form before sending and explains a refusal in the staff member's language).
 *
 * A refused staff call carries one of these reasons as the top-level key `reason` of Frappe's error body; the
 * staff action log stores the same reason with each refused action.
 */
export const STAFF_REFUSAL_REASONS = [
  'no_branch',
  'code_invalid',
  'code_used',
  'ticket_invalid',
  'unknown_code',
  'other_branch',
  'already_confirmed',
  'receipt_used',
  'receipt_invalid',
  'amount_invalid',
  'daily_cap',
  'staff_daily_cap',
  'member_blocked',
  'phone_not_verified',
  'no_points',
  'no_program',
] as const;

export type StaffRefusalReason = (typeof STAFF_REFUSAL_REASONS)[number];

const KNOWN = new Set<string>(STAFF_REFUSAL_REASONS);
export const isStaffRefusalReason = (value: unknown): value is StaffRefusalReason => typeof value === 'string' && KNOWN.has(value);

/**
 * Receipt numbers as the brand's tills print them: Latin letters, digits, spaces and - / _ . (a receipt number
 * is stored upper-cased and used once per branch).
 */
export const RECEIPT_NO_MAX = 40;
export const RECEIPT_NO_PATTERN = /^[A-Za-z0-9/_.\- ]+$/;

/** A purchase amount in baht: more than 0 and at most this. */
export const AMOUNT_MAX = 1_000_000;
