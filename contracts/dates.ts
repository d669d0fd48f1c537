import * as v from 'valibot';
import type { RuleCode } from './errors';

/**
 * The days anything may be dated: every date a request or a stored rule carries, whatever its field. PostgreSQL has
 * no year 0 and a year past 9999 is not a YYYY-MM-DD day, so a wider range fails in the query (after an export's
 * header went out); and no birth date, campaign, expiry or report of this business lies outside these years.
 */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2200-12-31';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists, written YYYY-MM-DD (2026-02-30 is none). */
export function isCalendarDay(s: string): boolean {
  if (!DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A day from FIRST_DAY to LAST_DAY (YYYY-MM-DD text compares in calendar order). */
export const inDayRange = (s: string) => s >= FIRST_DAY && s <= LAST_DAY;

/** A calendar day from FIRST_DAY to LAST_DAY. */
export const isPlausibleDay = (s: string) => isCalendarDay(s) && inDayRange(s);

/**
 * The date of every contract: a YYYY-MM-DD day that exists (else `message`, which names the field), from FIRST_DAY to
 * LAST_DAY (else the rule `date_out_of_range`, a code the app says in the manager's language: a date picker lets
 * anyone type the year 9999).
 */
export const isoDay = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.check(isCalendarDay, message), v.check(inDayRange, 'date_out_of_range' satisfies RuleCode));
