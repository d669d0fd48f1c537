import type { Translate } from './i18n';

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
