/**
 * The programme's day changes at midnight in Thailand, not in UTC (which is 07:00 there). Posting and expiry
 * dates of points, order due dates, the last day a coupon can be used, the staff daily cap and Frappe's relative
 * date filters ('today', 'this week') all count in it, on the server, in the app and in the service worker alike:
 * a coupon whose last day has ended in Bangkok is expired everywhere at the same moment.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Bangkok';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The business day (YYYY-MM-DD) at `now` in milliseconds or as a Date; this moment's when omitted. */
export const today = (now: number | Date = Date.now()): string => dayFormat.format(now);
