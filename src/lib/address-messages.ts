import { ADDRESS_RULE_FIELDS, type AddressInput } from '../../contracts/addresses';
import type { ErrorCode, RuleCode } from '../../contracts/errors';
import { errorText } from './error-text';
import { isFrappeClientError } from './frappe-error';
import type { MessageKey, Translate } from './i18n';
import type { OutboxEntry } from './outbox';

/*
 * The address rules (shared by the form and the server in contracts/, identified by their codes) in the member's
 * language, and the field each belongs to: the form shows a server refusal under its field.
 */

const RULE_KEYS: Partial<Record<RuleCode, MessageKey>> = {
  address_line1_required: 'addresses.errStreet',
  city_required: 'addresses.errCity',
  country_required: 'addresses.errCountry',
  pincode_invalid: 'addresses.errPincode',
  phone_invalid: 'addresses.errPhone',
  country_not_listed: 'addresses.errCountryList',
  state_not_listed: 'addresses.errStateList',
  district_not_listed: 'addresses.errCityList',
  address_too_long: 'addresses.errTooLong',
};
export const messageKeyFor = (code: string | undefined): MessageKey | undefined => (code ? RULE_KEYS[code as RuleCode] : undefined);

/** Which form field a rule belongs to (a server refusal names only its code). */
export const fieldFor = (code: string | undefined): keyof AddressInput | undefined => (code ? ADDRESS_RULE_FIELDS[code as RuleCode] : undefined);

export interface AddressRefusal {
  /** The form field it belongs to, when it is one of the rules. */
  field?: keyof AddressInput;
  message: string;
}

/**
 * A refused address save (a call's error, or a queued change the server refused): under its field when it is one of
 * the shared rules, else above the button; in the member's language either way (errorText for the rest).
 */
export function addressRefusal(refusal: unknown | Pick<OutboxEntry, 'code'>, t: Translate): AddressRefusal {
  const code: ErrorCode | undefined = isFrappeClientError(refusal) ? refusal.code : (refusal as Pick<OutboxEntry, 'code'> | null)?.code;
  const key = messageKeyFor(code);
  if (key) return { field: fieldFor(code), message: t(key) };
  const notFound = isFrappeClientError(refusal) && refusal.httpStatus === 404;
  const fallback = notFound ? t('addresses.errNotFound') : isFrappeClientError(refusal) ? errorText(refusal, t) : t('errors.generic');
  return { message: t('addresses.errSaveFailed', { message: fallback }) };
}
