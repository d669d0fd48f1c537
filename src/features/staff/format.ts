import { useMemo } from 'react';
import { formatDay } from '@/lib/format/dates';
import { formatMoment } from '@/lib/format/moment';
import { formatNumber } from '@/lib/format/numbers';
import { useLang } from '@/lib/i18n';
import { BUSINESS_TIME_ZONE } from '../../../contracts/business-day';

/** Dates, times and numbers in the staff member's language, on Bangkok time like the till's receipts. */
export function useStaffFormat() {
  const [lang] = useLang();
  return useMemo(
    () => ({
      date: (iso: string) => (iso.length === 10 ? formatDay(iso, lang) : formatMoment(iso, lang, 'day', BUSINESS_TIME_ZONE)),
      time: (iso: string) => formatMoment(iso, lang, 'time', BUSINESS_TIME_ZONE),
      number: (n: number) => formatNumber(n, lang),
    }),
    [lang],
  );
}
