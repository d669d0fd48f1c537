import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isoDay } from '../../contracts/dates';
import { isValidBirthDate } from '../../contracts/profile';

const day = isoDay('from_date must be a date (YYYY-MM-DD)');
const refusal = (input: unknown) => {
  const parsed = v.safeParse(day, input);
  return parsed.success ? null : parsed.issues[0]!.message;
};

describe('the date of every contract', () => {
  it('takes real days from 1900-01-01 to 2200-12-31, trimmed', () => {
    for (const s of ['1900-01-01', '2026-02-28', '2028-02-29', '2200-12-31']) expect(v.parse(day, s)).toBe(s);
    expect(v.parse(day, ' 2026-06-01 ')).toBe('2026-06-01');
  });

  it('refuses a day PostgreSQL or the business cannot hold with its code, whatever the field', () => {
    for (const s of ['0000-01-01', '0001-01-01', '1899-12-31', '2201-01-01', '9999-12-31']) expect(refusal(s), s).toBe('date_out_of_range');
  });

  it('says what the field needs for anything that is not a day', () => {
    for (const s of ['2026-02-30', '2027-02-29', '2026-13-01', '26-01-01', '2026-1-1', '+02026-01-01', 'today', '', 20260101, null]) {
      expect(refusal(s), String(s)).toBe('from_date must be a date (YYYY-MM-DD)');
    }
  });

  it('a birth date keeps the same first day, and is never in the future', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(isValidBirthDate('1900-01-01', now)).toBe(true);
    expect(isValidBirthDate('1899-12-31', now)).toBe(false);
    expect(isValidBirthDate('2026-06-02', now)).toBe(false);
  });
});
