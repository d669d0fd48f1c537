import { formatAmount, formatBaht } from '../../contracts/money';
import { localeOf, type Lang } from './i18n';

/**
 * Figures and dates as the member reads them: numbers grouped for their language, and dates in Thai with the
 * Buddhist era ('22 ม.ค. 2569') or in English ('22 Jan 2026'). Money is written the way the server writes its
 * `formatted_*` fields, whatever the language.
 */
export { formatAmount, formatBaht };

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = formats.get(key) as T | undefined;
  if (!f) formats.set(key, (f = make()));
  return f;
}

/** Baht in the currency style of the member's language ('฿24.00', 'THB 24.00'): the member card's wallet. */
export const formatBahtIn = (amount: number, lang: Lang): string =>
  cached(`thb:${lang}`, () => new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency: 'THB', maximumFractionDigits: 2 })).format(amount);

/** A count or factor (points, coupons, 0.04) grouped for the member's language: '1,250'. */
export const formatNumber = (n: number, lang: Lang): string =>
  cached(`n:${lang}`, () => new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 2 })).format(n);

/** 'short': '22 ม.ค. 2569' / '22 Jan 2026'; 'long': '22 มกราคม 2569' / '22 January 2026'; 'month': 'มกราคม' / 'January'. */
export type DayStyle = 'short' | 'long' | 'month';

const DAY_OPTIONS: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  month: { month: 'long' },
};

/**
 * A calendar day (YYYY-MM-DD, or the date part of a Frappe datetime) in the member's language. The day is the
 * one written, whatever the phone's time zone: it is formatted at noon UTC, as UTC. Anything else is shown as is.
 */
export function formatDay(value: string | null | undefined, lang: Lang, style: DayStyle = 'short'): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return value;
  const format = cached(`d:${style}:${lang}`, () => new Intl.DateTimeFormat(localeOf(lang), { ...DAY_OPTIONS[style], timeZone: 'UTC' }));
  return format.format(Date.UTC(year, month - 1, day, 12));
}

/**
 * A moment (a timestamp, or an ISO date-time) in the member's language: 'day' its day ('22 ม.ค. 2569'), 'time' its
 * day and time ('22 ม.ค. 14:05'), 'stamp' both with the year ('22 ม.ค. 2569 14:05'). On the phone's clock unless
 * a time zone is given (the till shows Bangkok time, BUSINESS_TIME_ZONE, as its receipts do).
 */
export function formatMoment(value: number | string | Date, lang: Lang, style: 'day' | 'time' | 'stamp' = 'stamp', timeZone?: string): string {
  const at = typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : value.getTime();
  if (Number.isNaN(at)) return String(value);
  const options: Intl.DateTimeFormatOptions =
    style === 'day'
      ? DAY_OPTIONS.short
      : style === 'time'
        ? { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
        : { dateStyle: 'medium', timeStyle: 'short' };
  return cached(`m:${style}:${lang}:${timeZone ?? ''}`, () => new Intl.DateTimeFormat(localeOf(lang), { ...options, timeZone })).format(at);
}
