import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { callMethod } from '@/lib/api';
import { EXPIRY_SCHEDULE, LOYALTY_PROGRAM, POINTS_DETAILS } from '../../../contracts/loyalty';

export type { ExpirySchedule, LoyaltyProgram, PointsDetails, PointsEntry } from '../../../contracts/loyalty';

export const loyaltyKeys = {
  /** Everything that shows the member's points: refreshed after a redemption, an order or an award at the till. */
  points: ['points'] as const,
  details: () => ['points', 'details'] as const,
  history: () => ['points', 'history'] as const,
  expiry: () => ['points', 'expiry'] as const,
  program: (name: string) => ['loyalty-program', name] as const,
};

/** The member's balance, tier and next expiry, without history rows (the reward home and a reward's screens). */
export const pointsDetailsQuery = () =>
  queryOptions({
    queryKey: loyaltyKeys.details(),
    queryFn: ({ signal }) => callMethod(POINTS_DETAILS, { limit: 0 }, { signal }),
    staleTime: 30 * 1000,
    meta: { persist: 'idb' },
  });

export const POINTS_HISTORY_PAGE = 20;

/**
 * The points history a page at a time, newest first: each page is the whole answer (the balance and the next
 * expiry over every row, then the page's rows); its `next_before` asks for the older rows.
 */
export const pointsHistoryQuery = () =>
  infiniteQueryOptions({
    queryKey: loyaltyKeys.history(),
    queryFn: ({ pageParam, signal }) => callMethod(POINTS_DETAILS, { limit: POINTS_HISTORY_PAGE, ...(pageParam ? { before: pageParam } : {}) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before ?? undefined,
    staleTime: 30 * 1000,
    // The device keeps the newest page for the next start and for reading offline.
    meta: { persist: 'idb', persistPages: 1 },
  });

/**
 * Once no screen shows the history, keeps only its newest page (its age unchanged): a refetch asks again for every
 * page it holds, so without this the older pages a member once scrolled to would be fetched on every later visit.
 * Run after the screen has gone (a screen shown again at once keeps what it has); a fetch still under way, a
 * refetch on reconnecting say, would write every page back, so it is dropped: the next visit asks anyway.
 */
export function keepNewestHistoryPage(queryClient: QueryClient) {
  const { queryKey } = pointsHistoryQuery();
  setTimeout(async () => {
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    if (!query || query.getObserversCount() > 0) return;
    if (query.state.fetchStatus !== 'idle') await queryClient.cancelQueries({ queryKey, exact: true });
    const state = queryClient.getQueryState(queryKey);
    const data = queryClient.getQueryData(queryKey);
    if (!state || !data || data.pages.length <= 1 || query.getObserversCount() > 0) return;
    queryClient.setQueryData(queryKey, { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }, { updatedAt: state.dataUpdatedAt });
    // Setting data marks it valid: a copy a redemption had made out of date stays out of date.
    if (state.isInvalidated) void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  }, 0);
}

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
