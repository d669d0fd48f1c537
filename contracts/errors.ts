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

/**
 * The rules the app's forms and the server check alike. In the shared schemas the code is the rule's message: the
 * form says it in the member's language, the server answers with its English sentence (contracts/rule-sentences.ts)
 * and the code.
 */
export const RULE_CODES = [
  // addresses
  'address_line1_required',
  'city_required',
  'country_required',
  'pincode_invalid',
  'phone_invalid',
  'country_not_listed',
  'state_not_listed',
  'district_not_listed',
  'address_too_long',
  // profile
  'first_name_required',
  'last_name_required',
  'id_card_required',
  'birth_date_required',
  'birth_date_invalid',
  'email_invalid',
  'too_long',
  'phone_read_only',
  // phone verification
  'otp_required',
  'otp_wrong',
  // passwords
  'password_required',
  'password_too_short',
  'password_too_long',
  'reset_key_required',
  'reset_key_invalid',
  // the marketing site's sign-up
  'username_required',
  'username_too_short',
  'username_too_long',
  'username_invalid',
  'username_taken',
  'sign_up_email_required',
  'sign_up_email_invalid',
  'sign_up_password_required',
  'sign_up_password_too_short',
  'sign_up_password_too_long',
  // every date a request carries (contracts/dates.ts)
  'date_out_of_range',
] as const;
export type RuleCode = (typeof RULE_CODES)[number];

/**
 * The till's refusals. A refused staff call carries its reason as `error_code` and, as before, as the top-level key
 * `reason`; the staff action log stores the same reason with each refused action.
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
  'push_endpoint_in_use',
  // back office: campaign broadcasts (BROADCAST_SENDS_PER_HOUR per manager)
  'broadcast_rate_limited',
  // sign-in inside LINE (LIFF)
  'liff_unavailable',
  'liff_login_failed',
  // personal data (member_rewards.privacy.*)
  'privacy_version_unknown',
  'privacy_version_required',
  'erasure_code_wrong',
  'erasure_confirmation_required',
  'export_rate_limited',
  'member_erased',
  'scope_missing',
  'api_client_only',
  'api_client_not_found',
  // webhooks (member_rewards.webhooks.*)
  'webhook_url_refused',
  'webhook_subscription_limit',
  'webhook_delivery_busy',
  'branch_required',
  'receipt_not_found',
  'hold_not_found',
  'hold_settled',
  'hold_expired',
  'capture_too_large',
  ...RULE_CODES,
  // the till's refusals (also sent as `reason`, as before)
  ...STAFF_REFUSAL_REASONS,
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && KNOWN.has(value);
