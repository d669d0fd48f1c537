import { ADDRESS_RULE_FIELDS, type AddressInput } from '../../contracts/addresses';
import { RULE_CODES, type ErrorCode, type RuleCode } from '../../contracts/errors';
import { codeText, errorText } from './error-text';
import { isFrappeClientError } from './frappe-error';
import type { Translate } from './i18n';
import type { OutboxEntry } from './outbox';

/*
 * Where an address refusal is shown: a shared rule (contracts/, identified by its code, said by the errors
 * catalogue like every code) under the field it belongs to; the form shows a server refusal there too.
 */

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
  const rule = code && (RULE_CODES as readonly string[]).includes(code) ? codeText(code, t) : undefined;
  if (rule) return { field: fieldFor(code), message: rule };
  const notFound = isFrappeClientError(refusal) && refusal.httpStatus === 404;
  const fallback = notFound ? t('addresses.errNotFound') : isFrappeClientError(refusal) ? errorText(refusal, t) : t('errors.generic');
  return { message: t('addresses.errSaveFailed', { message: fallback }) };
}
