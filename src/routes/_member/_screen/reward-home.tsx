import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { useCurrentUser } from '@/features/auth';
import { RewardHome, rewardItemsQuery } from '@/features/rewards';
import { useT } from '@/lib/i18n';

/** /reward-home: the member's real points and tier progress, reward rows and 'my rewards'. */
export const Route = createFileRoute('/_member/_screen/reward-home')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(rewardItemsQuery());
  },
  component: RewardHomePage,
});

function RewardHomePage() {
  const t = useT();
  const { user } = useCurrentUser({ showsTier: true });
  return (
    <>
      <TitleHeader title={t('coupons.rwHomeTitle')} backTo="/" />
      <RewardHome
        member={
          user && {
            full_name: user.full_name || user.name,
            points: user.loyalty_points,
            tier_name: user.tier?.tier_name,
            next_tier_name: user.tier?.next_tier_name,
            points_to_next_tier: user.tier?.points_to_next_tier,
          }
        }
      />
    </>
  );
}
