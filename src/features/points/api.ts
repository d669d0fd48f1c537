import type { PointsDetails } from '@/entities/loyalty';

export {
  expiryScheduleQuery,
  keepNewestHistoryPage,
  pointsDetailsQuery,
  pointsHistoryQuery,
  type PointsDetails,
  type PointsEntry,
} from '@/entities/loyalty';

/** Share of the way from the current tier's threshold to the next (0-100). */
export function tierProgress(d: Pick<PointsDetails, 'points_earned' | 'points_to_next_tier' | 'next_tier_name'>): number {
  if (!d.next_tier_name) return 100;
  const next = d.points_earned + d.points_to_next_tier;
  return next > 0 ? Math.max(0, Math.min(100, Math.round((d.points_earned / next) * 100))) : 0;
}
