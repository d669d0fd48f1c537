import type { PrivacyRequestRow } from '../../../../contracts/privacy';

const DAY_MS = 86_400_000;

/** Whole calendar days from `from` to `to` (YYYY-MM-DD each): negative once `to` has passed. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Where an open request stands against its legal deadline on `today` (the business day, Bangkok): days left,
 * due today, or overdue by some days. A completed request has no time left to show.
 */
export type Standing = { state: 'left'; days: number } | { state: 'today' } | { state: 'overdue'; days: number } | { state: 'done' };

export function standingOf(row: Pick<PrivacyRequestRow, 'status' | 'due_date'>, today: string): Standing {
  if (row.status !== 'open') return { state: 'done' };
  const days = daysBetween(today, row.due_date);
  if (days > 0) return { state: 'left', days };
  if (days === 0) return { state: 'today' };
  return { state: 'overdue', days: -days };
}
