/**
 * The business's day changes at midnight in Thailand, not in UTC (which would be 07:00 there): the loyalty
 * ledger's posting and expiry dates and Frappe's relative-date filters ('today', 'this week') all use it.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Bangkok';
const businessDay = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's business day, YYYY-MM-DD (also for `now` given, in milliseconds). */
export const today = (now: number = Date.now()) => businessDay.format(now);
