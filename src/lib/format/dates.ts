import { localeOf, type Lang } from '../i18n';

/**
 * Dates in the member's language: Thai with the Buddhist era ('22 ม.ค. 2569') or English ('22 Jan 2026').
 * 'short' abbreviates the month, 'long' writes it in full ('22 มกราคม 2569'), 'month' is the month's name alone,
 * 'monthYear' the month and its year ('มกราคม 2569', 'January 2026').
 * A moment in time (a timestamp) is written by ./moment.ts.
 */
export type DayStyle = 'short' | 'long' | 'month' | 'monthYear';

const DAY_OPTIONS: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  month: { month: 'long' },
  monthYear: { month: 'long', year: 'numeric' },
};

/**
 * A calendar day (YYYY-MM-DD, or the date part of a Frappe datetime). The day is the one written, whatever the
 * phone's time zone: it is formatted at noon UTC, as UTC. Anything else is shown as it is.
 */
export function formatDay(value: string | null | undefined, lang: Lang, style: DayStyle = 'short'): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return value;
  return new Intl.DateTimeFormat(localeOf(lang), { ...DAY_OPTIONS[style], timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day, 12));
}

/** The days of the week, Sunday first, as a calendar's column heads ('อา', 'จ'… / 'Sun', 'Mon'…). */
export function weekdayNames(lang: Lang): string[] {
  // Thai's short names are the whole words ('อาทิตย์'); a calendar heads its columns with the narrow ones.
  const format = new Intl.DateTimeFormat(localeOf(lang), { weekday: lang === 'th' ? 'narrow' : 'short', timeZone: 'UTC' });
  // 4 January 1970 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(Date.UTC(1970, 0, 4 + i, 12)));
}
