import { describe, expect, it } from 'vitest';
import { today } from '../../contracts/business-day';

describe("the programme's business day", () => {
  it('changes at midnight in Thailand, not at midnight UTC (07:00 in Bangkok)', () => {
    expect(today(Date.parse('2026-11-22T16:59:59Z'))).toBe('2026-11-22'); // 23:59:59 in Bangkok
    expect(today(Date.parse('2026-11-22T17:00:00Z'))).toBe('2026-11-23'); // 00:00 in Bangkok
    expect(today(Date.parse('2026-11-22T23:30:00Z'))).toBe('2026-11-23'); // 06:30 in Bangkok, still the 22nd in UTC
    expect(today(Date.parse('2026-12-31T17:00:00Z'))).toBe('2027-01-01');
  });
});

describe('the business day asked for again and again', () => {
  it('is right for each moment asked, back and forth across midnight within a minute', () => {
    const beforeMidnight = Date.parse('2026-11-22T16:59:59.999Z');
    const midnight = Date.parse('2026-11-22T17:00:00Z');
    expect(today(beforeMidnight)).toBe('2026-11-22');
    expect(today(midnight)).toBe('2026-11-23');
    expect(today(midnight + 59_999)).toBe('2026-11-23');
    expect(today(beforeMidnight - 30_000)).toBe('2026-11-22');
    expect(today(new Date(midnight))).toBe('2026-11-23');
  });
});
