/**
 * The programme's day changes at midnight in Thailand, not in UTC (which is 07:00 there). Posting and expiry
 * dates of points, order due dates, the last day a coupon can be used, the staff daily cap and Frappe's relative
 * date filters ('today', 'this week') all count in it, on the server, in the app and in the service worker alike:
 * a coupon whose last day has ended in Bangkok is expired everywhere at the same moment.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Bangkok';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

let lastMinute = NaN;
let lastDay = '';

/**
 * The business day (YYYY-MM-DD) at `now` in milliseconds or as a Date; this moment's when omitted. Days change on
 * a whole minute in every time zone, so the last minute's answer is kept: formatting is most of a hot read's date work.
 */
export const today = (now: number | Date = Date.now()): string => {
  const minute = Math.floor(+now / 60_000);
  if (minute !== lastMinute) {
    lastMinute = minute;
    lastDay = dayFormat.format(now);
  }
  return lastDay;
};
