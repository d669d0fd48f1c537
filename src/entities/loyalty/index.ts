import { queryOptions } from '@tanstack/react-query';
import { callMethod } from '@/lib/api';
import { EXPIRY_SCHEDULE, LOYALTY_PROGRAM, POINTS_DETAILS } from '../../../contracts/loyalty';

export type { ExpirySchedule, LoyaltyProgram, PointsDetails, PointsEntry } from '../../../contracts/loyalty';

export const loyaltyKeys = {
  /** Everything that shows the member's points: refreshed after a redemption, an order or an award at the till. */
  points: ['points'] as const,
  details: () => ['points', 'details'] as const,
  expiry: () => ['points', 'expiry'] as const,
  program: (name: string) => ['loyalty-program', name] as const,
};

/** The member's ledger rows, balance, tier and next expiry. */
export const pointsDetailsQuery = () =>
  queryOptions({
    queryKey: loyaltyKeys.details(),
    queryFn: ({ signal }) => callMethod(POINTS_DETAILS, {}, { signal }),
    staleTime: 30 * 1000,
    meta: { persist: 'idb' },
  });

/** The programme's public figures (the member card's wallet value uses its conversion factor). */
export const loyaltyProgramQuery = (name: string | null | undefined) =>
  queryOptions({
    queryKey: loyaltyKeys.program(name ?? ''),
    queryFn: ({ signal }) => callMethod(LOYALTY_PROGRAM, name ? { name } : {}, { signal }),
    staleTime: 24 * 60 * 60 * 1000,
    enabled: Boolean(name),
    meta: { persist: 'sync' },
  });

/** The member's batches with points left, soonest expiry first (the order they are spent in). */
export const expiryScheduleQuery = () =>
  queryOptions({
    queryKey: loyaltyKeys.expiry(),
    queryFn: ({ signal }) => callMethod(EXPIRY_SCHEDULE, {}, { signal }),
    staleTime: 30 * 1000,
    meta: { persist: 'idb' },
  });
