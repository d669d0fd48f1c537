import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { RewardsCatalog, rewardItemsQuery } from '@/features/rewards';
import { useT } from '@/lib/i18n';

/** /reward: the home-style rewards screen (every reward on schedule). */
export const Route = createFileRoute('/_member/_screen/reward')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(rewardItemsQuery());
  },
  component: RewardPage,
});

function RewardPage() {
  const t = useT();
  return (
    <>
      <TitleHeader title={t('coupons.rwCatalogTitle')} backTo="/" />
      <RewardsCatalog />
    </>
  );
}
