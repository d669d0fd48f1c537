import { describe, expect, it } from 'vitest';
import { formatDay } from '@/lib/format/dates';
import { formatMoment } from '@/lib/format/moment';
import { formatAmount, formatBaht, formatBahtIn, formatNumber } from '@/lib/format/numbers';
import { BUSINESS_TIME_ZONE } from '../../../contracts/business-day';

describe('one format for figures and dates', () => {
  it('writes baht as the server writes its formatted fields, whatever the language', () => {
    expect(formatBaht(1290)).toBe('฿ 1,290.00');
    expect(formatBaht(-99)).toBe('-฿ 99.00');
    expect(formatBaht(Number.NaN)).toBe('฿ 0.00');
    expect(formatAmount(500)).toBe('500.00');
    expect(formatBahtIn(24, 'th')).toBe('฿24.00');
  });

  it('groups counts for the language', () => {
    expect(formatNumber(1250, 'th')).toBe('1,250');
    expect(formatNumber(0.04, 'en')).toBe('0.04');
  });

  it('writes a day in Thai with the Buddhist era, or in English, the day written whatever the time zone', () => {
    expect(formatDay('2026-01-22', 'th')).toBe('22 ม.ค. 2569');
    expect(formatDay('2026-01-22 23:30:00', 'en')).toBe('22 Jan 2026');
    expect(formatDay('2026-01-22', 'th', 'long')).toBe('22 มกราคม 2569');
    expect(formatDay('2026-01-22', 'en', 'month')).toBe('January');
    expect(formatDay(null, 'th')).toBe('');
    expect(formatDay('soon', 'en')).toBe('soon');
  });

  it('writes a moment on the clock it is asked for', () => {
    const at = Date.parse('2026-01-22T17:30:00Z'); // 00:30 on the 23rd in Bangkok
    expect(formatMoment(at, 'en', 'day', BUSINESS_TIME_ZONE)).toBe('23 Jan 2026');
    expect(formatMoment(at, 'th', 'time', BUSINESS_TIME_ZONE)).toBe('23 ม.ค. 00:30');
    expect(formatMoment('not a time', 'th')).toBe('not a time');
  });
});
