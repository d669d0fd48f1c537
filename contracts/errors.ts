/**
 * Stable machine codes of the server's refusals. Every refusal the app may need to explain carries one as the
 * extra top-level key `error_code` of Frappe's error body (Frappe clients ignore unknown keys and keep reading
 * `exc_type` and `_server_messages`, whose English text stays as it is). The app maps codes to its catalogue and
 * never recognises a refusal by its sentence.
 *
 * A code names the situation, not the screen: `not_enough_points` is the same code for a gift redemption and a
 * checkout. Add a code here before the server throws it; the app's catalogue test checks every code is translated.
 */
export const ERROR_CODE_FIELD = 'error_code';

export const ERROR_CODES = [
  // orders and redemptions
  'not_enough_points',
  'points_mismatch',
  'item_not_found',
  'out_of_stock',
  'item_not_available',
  'branch_not_found',
  'branch_disabled',
  'over_member_limit',
  'tier_not_eligible',
  'member_blocked',
  // back office: catalogue
  'item_in_use',
  'item_code_fixed',
  'unknown_tier',
  'invalid_schedule',
  // back office: members, points and imports
  'member_not_found',
  'negative_balance',
  'unknown_reason',
  'idempotency_key_required',
  'import_bad_header',
  'import_has_errors',
  // back office: staff accounts
  'staff_not_found',
  'cannot_change_self',
  'role_not_allowed',
  'not_your_branch',
  'mail_unavailable',
  // back office: programme rules
  'unknown_rule',
  'invalid_rules',
  'effective_in_past',
  'tier_in_use',
  // the life of an order
  'order_not_found',
  'order_cancelled',
  'reward_used',
  'reward_expired',
  'not_cancellable',
  'order_paid',
  'order_not_paid',
  'refund_too_large',
  // uploads
  'file_too_large',
  'file_type_not_allowed',
  // spending (redemptions, purchases, staff awards) needs a verified phone
  'phone_not_verified',
  // accounts
  'email_in_use',
  // a write given up after its answer was lost (member_rewards.api.request_status): it never runs
  'request_abandoned',
  // notifications
  'push_unavailable',
  'push_endpoint_not_allowed',
  // sign-in inside LINE (LIFF)
  'liff_unavailable',
  'liff_login_failed',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && KNOWN.has(value);
