import { today } from './business-day';

/**
 * When an item is available: with both schedule dates set, from the start's business day to the end's, both days
 * whole; with either missing, always. The app shows and the server sells by this one rule, so an item never shows
 * as available and is then refused at checkout (or the other way round).
 */
export function onSchedule(
  item: { item_schedule_start?: string | null; item_schedule_end?: string | null },
  day: string = today(),
): boolean {
  const { item_schedule_start: start, item_schedule_end: end } = item;
  if (!start || !end) return true;
  // A date-time sent for a date counts as its day.
  return start.slice(0, 10) <= day && day <= end.slice(0, 10);
}
