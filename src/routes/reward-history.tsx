import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { pointsDetailsQuery, RewardHistory } from '@/features/points';
import { useT } from '@/lib/i18n';

/** /reward-history: available points, the next expiry from the ledger, points received and used. */
export const Route = createFileRoute('/reward-history')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(pointsDetailsQuery());
  },
  staticData: { appHeader: false, bottomNav: true },
  component: RewardHistoryPage,
});

function RewardHistoryPage() {
  const t = useT();
  return (
    <>
      <TitleHeader title={t('points.historyTitle')} backTo="/my-account" />
      <RewardHistory />
    </>
  );
}
