import { today } from '../../../../contracts/business-day';
import { MAX_RANGE_DAYS } from '../../../../contracts/reports';

/** A Bangkok day `n` days before `day` (calendar arithmetic on the date alone). */
export function daysBefore(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** The last 30 days, today included: what a manager looks at first. */
export const defaultRange = () => ({ from_date: daysBefore(today(), 29), to_date: today() });

/** Whether the server would take this range (in order, at most MAX_RANGE_DAYS long). */
export function rangeOk(from: string, to: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || from > to) return false;
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 < MAX_RANGE_DAYS;
}
