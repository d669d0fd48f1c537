import type { ErrorCode } from '../../contracts/errors';
import { FrappeClientError } from './frappe-error';
import type { MessageKey, Translate } from './i18n';

/**
 * The server's refusals of an order or a redemption (English, Frappe style) in the member's language; anything
 * else is shown as the server wrote it.
 */
const RULES: Array<[RegExp, (m: RegExpMatchArray, t: Translate) => string]> = [
  [/^You don't have enough Loyalty Points to redeem$/, (_, t) => t('checkout.errNotEnoughPoints')],
  [/^Branch (.+) not found$/, (m, t) => t('checkout.errBranchGone', { branch: m[1]! })],
  [/^(.+) Not in Stock$/, (m, t) => t('checkout.errOutOfStock', { item: m[1]! })],
  [/^(.+) is not available now$/, (m, t) => t('checkout.errNotAvailable', { item: m[1]! })],
  [/^Loyalty points do not match the price of the items$/, (_, t) => t('checkout.errPriceChanged')],
];

export function orderMessage(raw: string, t: Translate): string {
  for (const [pattern, say] of RULES) {
    const m = raw.match(pattern);
    if (m) return say(m, t);
  }
  return raw;
}

/** Refusals known by their machine code (contracts/errors.ts) that need nothing from the server's sentence. */
const BY_CODE: Partial<Record<ErrorCode, MessageKey>> = {
  phone_not_verified: 'checkout.errPhoneNotVerified',
  not_enough_points: 'checkout.errNotEnoughPoints',
  points_mismatch: 'checkout.errPriceChanged',
};

/** A refused order or redemption in the member's language: by its code, else by the sentence rules above. */
export function orderRefusal(error: unknown, t: Translate): string {
  const key = error instanceof FrappeClientError && error.code ? BY_CODE[error.code] : undefined;
  if (key) return t(key);
  return orderMessage(error instanceof Error ? error.message : String(error), t);
}
