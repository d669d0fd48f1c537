import { useMemo } from 'react';
import { localeOf, useLang } from '@/lib/i18n';
import { BUSINESS_TIME_ZONE } from '../../../contracts/business-day';

/** Dates and numbers in the staff member's language (Thai dates in the Buddhist calendar). */
export function useStaffFormat() {
  const [lang] = useLang();
  return useMemo(() => {
    const locale = localeOf(lang);
    const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: BUSINESS_TIME_ZONE });
    const time = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: BUSINESS_TIME_ZONE,
    });
    const num = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    return {
      date: (iso: string) => {
        const d = new Date(iso.length === 10 ? `${iso}T00:00:00+07:00` : iso);
        return Number.isNaN(d.getTime()) ? iso : date.format(d);
      },
      time: (iso: string) => {
        const d = new Date(iso);
        return Number.isNaN(d.getTime()) ? iso : time.format(d);
      },
      number: (n: number) => num.format(n),
    };
  }, [lang]);
}
