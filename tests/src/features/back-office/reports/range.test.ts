import { describe, expect, it } from 'vitest';
import { daysBefore, rangeOk } from '@/features/back-office/reports';
import { reportCsvUrl } from '@/entities/reports';

describe('the dashboard’s filter', () => {
  it('counts days back across months and leap days', () => {
    expect(daysBefore('2028-03-01', 1)).toBe('2028-02-29');
    expect(daysBefore('2026-01-10', 29)).toBe('2025-12-12');
  });

  it('takes only a range the server takes: in order and at most 1,100 days', () => {
    expect(rangeOk('2026-01-01', '2026-01-01')).toBe(true);
    expect(rangeOk('2026-02-01', '2026-01-31')).toBe(false);
    expect(rangeOk('2023-01-01', '2026-01-04')).toBe(true);
    expect(rangeOk('2023-01-01', '2026-01-05')).toBe(false);
    expect(rangeOk('', '2026-01-05')).toBe(false);
  });

  it('downloads each figure from the server’s export with the same range and branch', () => {
    const url = new URL(reportCsvUrl('branch_ranking', { from_date: '2026-01-01', to_date: '2026-01-31', branch: 'สาขา สยาม' }), 'http://x');
    expect(url.pathname).toBe('/api/method/member_rewards.reports.export');
    expect(Object.fromEntries(url.searchParams)).toEqual({ figure: 'branch_ranking', from_date: '2026-01-01', to_date: '2026-01-31', branch: 'สาขา สยาม' });
  });
});
