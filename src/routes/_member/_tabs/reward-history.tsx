import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { TitleHeader } from '@/components/title-header';
import { expiryScheduleQuery, pointsHistoryQuery, RewardHistory } from '@/features/points';
import { useT } from '@/lib/i18n';

/** /reward-history: available points, the expiry schedule batch by batch, every kind of line received and used, newest first, older ones as the member scrolls. */
export const Route = createFileRoute('/_member/_tabs/reward-history')({
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(pointsHistoryQuery());
    void context.queryClient.prefetchQuery(expiryScheduleQuery());
  },
  component: RewardHistoryPage,
});

function RewardHistoryPage() {
  const t = useT();
  const queryClient = useQueryClient();
  return (
    <>
      <TitleHeader title={t('points.historyTitle')} backTo="/my-account" />
      <PullToRefresh onRefresh={() => queryClient.refetchQueries({ type: 'active' })} />
      <RewardHistory />
    </>
  );
}
