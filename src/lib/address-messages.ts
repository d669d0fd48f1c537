import { ADDRESS_MESSAGES, type AddressInput } from '../../contracts/addresses';
import { errorText } from './error-text';
import { isFrappeClientError } from './frappe-error';
import type { MessageKey, Translate } from './i18n';

/*
 * The address rules' messages (one English sentence per rule, shared by the form and the server in contracts/) in
 * the member's language, and the field each belongs to: the form shows a server refusal under its field.
 */

/** The English rule messages (shared with the server) mapped to the catalogue. */
const MESSAGE_KEYS: Record<string, MessageKey> = {
  [ADDRESS_MESSAGES.addressLine1]: 'addresses.errStreet',
  [ADDRESS_MESSAGES.city]: 'addresses.errCity',
  [ADDRESS_MESSAGES.country]: 'addresses.errCountry',
  [ADDRESS_MESSAGES.pincode]: 'addresses.errPincode',
  [ADDRESS_MESSAGES.phone]: 'addresses.errPhone',
  [ADDRESS_MESSAGES.countryList]: 'addresses.errCountryList',
  [ADDRESS_MESSAGES.stateList]: 'addresses.errStateList',
  [ADDRESS_MESSAGES.cityList]: 'addresses.errCityList',
  [ADDRESS_MESSAGES.tooLong]: 'addresses.errTooLong',
};
export const messageKeyFor = (message: string): MessageKey | undefined => MESSAGE_KEYS[message];

/** Which form field a rule message belongs to (server answers carry only the message). */
const MESSAGE_FIELDS: Record<string, keyof AddressInput> = {
  [ADDRESS_MESSAGES.addressLine1]: 'address_line1',
  [ADDRESS_MESSAGES.city]: 'city',
  [ADDRESS_MESSAGES.cityList]: 'city',
  [ADDRESS_MESSAGES.country]: 'country',
  [ADDRESS_MESSAGES.countryList]: 'country',
  [ADDRESS_MESSAGES.stateList]: 'state',
  [ADDRESS_MESSAGES.pincode]: 'pincode',
  [ADDRESS_MESSAGES.phone]: 'phone',
};
export const fieldFor = (message: string): keyof AddressInput | undefined => MESSAGE_FIELDS[message];

export interface AddressRefusal {
  /** The form field it belongs to, when it is one of the rules. */
  field?: keyof AddressInput;
  message: string;
}

/**
 * A refused address save (a call's error, or the message a queued change was refused with): under its field when it
 * is one of the shared rules, else above the button; in the member's language either way (errorText for the rest).
 */
export function addressRefusal(error: unknown, t: Translate): AddressRefusal {
  const raw = typeof error === 'string' ? error : isFrappeClientError(error) ? (error.serverMessages[0]?.message ?? '') : '';
  const key = messageKeyFor(raw);
  if (key) return { field: fieldFor(raw), message: t(key) };
  const notFound = isFrappeClientError(error) && error.httpStatus === 404;
  return { message: t('addresses.errSaveFailed', { message: notFound ? t('addresses.errNotFound') : typeof error === 'string' ? t('errors.generic') : errorText(error, t) }) };
}
