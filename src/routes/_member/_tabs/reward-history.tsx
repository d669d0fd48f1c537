import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { TitleHeader } from '@/components/title-header';
import { expiryScheduleQuery, HISTORY_TABS, pointsHistoryQuery, RewardHistory } from '@/features/points';
import { useT } from '@/lib/i18n';

/** /reward-history: available points, the expiry schedule batch by batch, every kind of line received and used, newest first, older ones as the member scrolls. */
/** `tab`: the points used (the points received by default). */
const search = v.object({ tab: v.fallback(v.optional(v.picklist(HISTORY_TABS)), undefined) });

export const Route = createFileRoute('/_member/_tabs/reward-history')({
  validateSearch: (raw) => v.parse(search, raw),
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(pointsHistoryQuery());
    void context.queryClient.prefetchQuery(expiryScheduleQuery());
  },
  component: RewardHistoryPage,
});

function RewardHistoryPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const { tab = 'received' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <TitleHeader title={t('points.historyTitle')} backTo="/my-account" />
      <PullToRefresh onRefresh={() => queryClient.refetchQueries({ type: 'active' })} />
      <RewardHistory tab={tab} onTabChange={(next) => void navigate({ search: next === 'received' ? {} : { tab: next }, replace: true })} />
    </>
  );
}
