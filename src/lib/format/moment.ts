import { localeOf, type Lang } from '../i18n';

/**
 * A moment (a timestamp, or an ISO date-time) in the member's language, Thai years in the Buddhist era: 'day' its
 * day ('22 ม.ค. 2569'), 'time' its day and time ('22 ม.ค. 14:05'), 'stamp' both with the year ('22 ม.ค. 2569 14:05').
 * On the phone's clock unless a time zone is given (the till shows Bangkok time, BUSINESS_TIME_ZONE, as its receipts
 * do). Apart from ./dates.ts because the offline note of every screen needs it: the app's entry carries only this.
 */
export function formatMoment(value: number | string | Date, lang: Lang, style: 'day' | 'time' | 'stamp' = 'stamp', timeZone?: string): string {
  const at = typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : value.getTime();
  if (Number.isNaN(at)) return String(value);
  const options: Intl.DateTimeFormatOptions =
    style === 'day'
      ? { day: 'numeric', month: 'short', year: 'numeric' }
      : style === 'time'
        ? { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
        : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(localeOf(lang), { ...options, timeZone }).format(at);
}
