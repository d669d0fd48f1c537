import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { TitleHeader } from '@/components/title-header';
import { pointsDetailsQuery, RewardHistory } from '@/features/points';
import { useT } from '@/lib/i18n';

/** /reward-history: available points, the next expiry from the ledger, points received and used. */
export const Route = createFileRoute('/_member/_tabs/reward-history')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(pointsDetailsQuery());
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
