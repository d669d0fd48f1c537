import type { ErrorCode } from '../../contracts/errors';
import { isFrappeClientError } from './frappe-error';
import type { MessageKey, Translate } from './i18n';

/**
 * A failed call in the member's language: the server's refusal by its code (never by its English sentence), a call
 * that got no answer, or a generic failure. Never the server's raw text nor the SDK's "There was an error."
 */
const BY_CODE: Partial<Record<ErrorCode, MessageKey>> = {
  not_enough_points: 'errors.notEnoughPoints',
  points_mismatch: 'errors.pointsMismatch',
  item_not_found: 'errors.itemNotFound',
  out_of_stock: 'errors.outOfStock',
  item_not_available: 'errors.itemNotAvailable',
  branch_not_found: 'errors.branchNotFound',
  request_abandoned: 'errors.requestAbandoned',
  phone_not_verified: 'errors.phoneNotVerified',
  member_blocked: 'errors.memberBlocked',
  branch_disabled: 'errors.branchNotFound',
  over_member_limit: 'errors.overMemberLimit',
  tier_not_eligible: 'errors.tierNotEligible',
  date_out_of_range: 'errors.dateOutOfRange',
};

/** The codes this module translates (the catalogue test checks each has both languages). */
export const TRANSLATED_CODES = Object.keys(BY_CODE) as ErrorCode[];

/** `sayInstead` lets a screen name what it knows (the chosen branch, the reward) for some codes. */
export function errorText(error: unknown, t: Translate, sayInstead: Partial<Record<ErrorCode, string>> = {}): string {
  if (!isFrappeClientError(error)) {
    const name = (error as { name?: unknown } | null)?.name;
    return name === 'AbortError' || name === 'TimeoutError' ? t('errors.network') : t('errors.generic');
  }
  const code = error.code;
  if (code) {
    const instead = sayInstead[code];
    if (instead) return instead;
    const key = BY_CODE[code];
    if (key) return t(key);
  }
  const status = error.httpStatus;
  if (status === 0 || status === 408) return t('errors.network');
  if (status === 429) return t('errors.tooMany');
  if (status === 401) return t('errors.signedOut');
  if (status === 404) return t('errors.notFound');
  if (status >= 500) return t('errors.server');
  return t('errors.generic');
}
