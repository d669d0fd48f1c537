import { describe, expect, it } from 'vitest';
import { onSchedule } from '../../contracts/item-schedule';
import { today } from '../../contracts/business-day';

const item = (start: string | null, end: string | null) => ({ item_schedule_start: start, item_schedule_end: end });

describe('an item on its schedule', () => {
  it('is available from its first day to its last, both whole, and not a day outside', () => {
    const june = item('2026-06-10', '2026-06-20');
    expect(onSchedule(june, '2026-06-09')).toBe(false);
    expect(onSchedule(june, '2026-06-10')).toBe(true);
    expect(onSchedule(june, '2026-06-20')).toBe(true);
    expect(onSchedule(june, '2026-06-21')).toBe(false);
  });

  it('is always available unless both dates are set', () => {
    expect(onSchedule(item(null, null), '2026-06-15')).toBe(true);
    expect(onSchedule(item('2026-07-01', null), '2026-06-15')).toBe(true);
    expect(onSchedule(item(null, '2026-06-01'), '2026-06-15')).toBe(true);
  });

  it('counts a date-time by its day, so an item starting later on a day is available that whole day', () => {
    expect(onSchedule(item('2026-06-15 10:00:00', '2026-06-15 12:00:00'), '2026-06-15')).toBe(true);
  });

  it("reads today's business day in Thailand when no day is given", () => {
    expect(onSchedule(item(today(), today()))).toBe(true);
    expect(onSchedule(item('2000-01-01', '2000-01-02'))).toBe(false);
  });
});
