import { localeOf, type Lang } from '../i18n';

/**
 * Figures as the member reads them: counts grouped for their language, and money written the way the server
 * writes its `formatted_*` fields ('฿ 1,290.00'), whatever the language.
 */
export { formatAmount, formatBaht } from '../../../contracts/money';

/** Baht in the currency style of the member's language ('฿24.00', 'THB 24.00'): the member card's wallet. */
export const formatBahtIn = (amount: number, lang: Lang): string =>
  new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency: 'THB', maximumFractionDigits: 2 }).format(amount);

/** A count or factor (points, coupons, 0.04) grouped for the member's language: '1,250'. */
export const formatNumber = (n: number, lang: Lang): string => new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 2 }).format(n);
