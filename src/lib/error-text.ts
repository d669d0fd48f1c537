import type { ErrorCode } from '../../contracts/errors';
import { isFrappeClientError } from './frappe-error';
import type { Translate } from './i18n';
import type { errors } from './i18n/catalog/errors';

type ErrorsKey = `errors.${keyof typeof errors.th & string}`;

/**
 * Every error code's sentence, in the errors catalogue: a code missing here does not compile, and
 * tests/src/lib/error-text.test.ts checks each has a Thai and an English sentence.
 */
const BY_CODE: Record<ErrorCode, ErrorsKey> = {
  not_enough_points: 'errors.notEnoughPoints',
  points_mismatch: 'errors.pointsMismatch',
  item_not_found: 'errors.itemNotFound',
  out_of_stock: 'errors.outOfStock',
  item_not_available: 'errors.itemNotAvailable',
  branch_not_found: 'errors.branchNotFound',
  branch_disabled: 'errors.branchNotFound',
  over_member_limit: 'errors.overMemberLimit',
  tier_not_eligible: 'errors.tierNotEligible',
  date_out_of_range: 'errors.dateOutOfRange',
  member_blocked: 'errors.memberBlocked',
  phone_not_verified: 'errors.phoneNotVerified',
  request_abandoned: 'errors.requestAbandoned',
  item_in_use: 'errors.itemInUse',
  item_code_fixed: 'errors.itemCodeFixed',
  unknown_tier: 'errors.unknownTier',
  invalid_schedule: 'errors.invalidSchedule',
  member_not_found: 'errors.memberNotFound',
  negative_balance: 'errors.negativeBalance',
  unknown_reason: 'errors.unknownReason',
  idempotency_key_required: 'errors.idempotencyKeyRequired',
  import_bad_header: 'errors.importBadHeader',
  import_has_errors: 'errors.importHasErrors',
  staff_not_found: 'errors.staffNotFound',
  cannot_change_self: 'errors.cannotChangeSelf',
  role_not_allowed: 'errors.roleNotAllowed',
  not_your_branch: 'errors.notYourBranch',
  mail_unavailable: 'errors.mailUnavailable',
  unknown_rule: 'errors.unknownRule',
  invalid_rules: 'errors.invalidRules',
  effective_in_past: 'errors.effectiveInPast',
  tier_in_use: 'errors.tierInUse',
  order_not_found: 'errors.orderNotFound',
  order_cancelled: 'errors.orderCancelled',
  reward_used: 'errors.rewardUsed',
  reward_expired: 'errors.rewardExpired',
  not_cancellable: 'errors.notCancellable',
  order_paid: 'errors.orderPaid',
  order_not_paid: 'errors.orderNotPaid',
  refund_too_large: 'errors.refundTooLarge',
  scope_missing: 'errors.scopeMissing',
  api_client_only: 'errors.apiClientOnly',
  api_client_not_found: 'errors.apiClientNotFound',
  webhook_url_refused: 'errors.webhookUrlRefused',
  webhook_delivery_busy: 'errors.webhookDeliveryBusy',
  webhook_subscription_limit: 'errors.webhookSubscriptionLimit',
  branch_required: 'errors.branchRequired',
  receipt_not_found: 'errors.receiptNotFound',
  hold_not_found: 'errors.holdNotFound',
  hold_settled: 'errors.holdSettled',
  hold_expired: 'errors.holdExpired',
  capture_too_large: 'errors.captureTooLarge',
  file_too_large: 'errors.fileTooLarge',
  file_type_not_allowed: 'errors.fileTypeNotAllowed',
  email_in_use: 'errors.emailInUse',
  push_unavailable: 'errors.pushUnavailable',
  push_endpoint_not_allowed: 'errors.pushEndpointNotAllowed',
  push_endpoint_in_use: 'errors.pushEndpointInUse',
  broadcast_rate_limited: 'errors.broadcastRateLimited',
  liff_unavailable: 'errors.liffUnavailable',
  liff_login_failed: 'errors.liffLoginFailed',
  privacy_version_unknown: 'errors.privacyVersionUnknown',
  privacy_version_required: 'errors.privacyVersionRequired',
  erasure_code_wrong: 'errors.erasureCodeWrong',
  erasure_confirmation_required: 'errors.erasureConfirmationRequired',
  export_rate_limited: 'errors.exportRateLimited',
  member_erased: 'errors.memberErased',
  address_line1_required: 'errors.addressLine1Required',
  city_required: 'errors.cityRequired',
  country_required: 'errors.countryRequired',
  pincode_invalid: 'errors.pincodeInvalid',
  phone_invalid: 'errors.phoneInvalid',
  country_not_listed: 'errors.countryNotListed',
  state_not_listed: 'errors.stateNotListed',
  district_not_listed: 'errors.districtNotListed',
  address_too_long: 'errors.addressTooLong',
  first_name_required: 'errors.firstNameRequired',
  last_name_required: 'errors.lastNameRequired',
  id_card_required: 'errors.idCardRequired',
  birth_date_required: 'errors.birthDateRequired',
  birth_date_invalid: 'errors.birthDateInvalid',
  email_invalid: 'errors.emailInvalid',
  too_long: 'errors.tooLong',
  phone_read_only: 'errors.phoneReadOnly',
  otp_required: 'errors.otpRequired',
  otp_wrong: 'errors.otpWrong',
  password_required: 'errors.passwordRequired',
  password_too_short: 'errors.passwordTooShort',
  password_too_long: 'errors.passwordTooLong',
  reset_key_required: 'errors.resetKeyRequired',
  reset_key_invalid: 'errors.resetKeyInvalid',
  username_required: 'errors.usernameRequired',
  username_too_short: 'errors.usernameTooShort',
  username_too_long: 'errors.usernameTooLong',
  username_invalid: 'errors.usernameInvalid',
  username_taken: 'errors.usernameTaken',
  sign_up_email_required: 'errors.signUpEmailRequired',
  sign_up_email_invalid: 'errors.signUpEmailInvalid',
  sign_up_password_required: 'errors.signUpPasswordRequired',
  sign_up_password_too_short: 'errors.signUpPasswordTooShort',
  sign_up_password_too_long: 'errors.signUpPasswordTooLong',
  no_branch: 'errors.noBranch',
  code_invalid: 'errors.codeInvalid',
  code_used: 'errors.codeUsed',
  ticket_invalid: 'errors.ticketInvalid',
  unknown_code: 'errors.unknownCode',
  other_branch: 'errors.otherBranch',
  already_confirmed: 'errors.alreadyConfirmed',
  receipt_used: 'errors.receiptUsed',
  receipt_invalid: 'errors.receiptInvalid',
  amount_invalid: 'errors.amountInvalid',
  daily_cap: 'errors.dailyCap',
  staff_daily_cap: 'errors.staffDailyCap',
  no_points: 'errors.noPoints',
  no_program: 'errors.noProgram',
};

/**
 * An error code's sentence: a code the server answered with, or the message of a shared rule a form checked itself
 * (contracts' schemas carry their codes as messages). Undefined for a string that is no code.
 */
export function codeText(code: string | undefined, t: Translate): string | undefined {
  return code !== undefined && Object.hasOwn(BY_CODE, code) ? t(BY_CODE[code as ErrorCode]) : undefined;
}

/** The codes this module translates: every one. */
export const TRANSLATED_CODES = Object.keys(BY_CODE) as ErrorCode[];

/**
 * A failed call in the member's language: the server's refusal by its code (never by its English sentence), a call
 * that got no answer, or a generic failure. Never the server's raw text nor the SDK's "There was an error."
 * `sayInstead` lets a screen name what it knows (the chosen branch, the reward) for some codes.
 */
export function errorText(error: unknown, t: Translate, sayInstead: Partial<Record<ErrorCode, string>> = {}): string {
  if (!isFrappeClientError(error)) {
    const name = (error as { name?: unknown } | null)?.name;
    return name === 'AbortError' || name === 'TimeoutError' ? t('errors.network') : t('errors.generic');
  }
  const code = error.code;
  if (code) {
    return sayInstead[code] || t(BY_CODE[code]);
  }
  const status = error.httpStatus;
  if (status === 0 || status === 408) return t('errors.network');
  if (status === 429) return t('errors.tooMany');
  if (status === 401) return t('errors.signedOut');
  if (status === 404) return t('errors.notFound');
  if (status >= 500) return t('errors.server');
  return t('errors.generic');
}
