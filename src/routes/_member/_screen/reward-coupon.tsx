import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { CouponList, rewardOrdersQuery } from '@/features/coupons';
import { useT } from '@/lib/i18n';

/** /reward-coupon: 'my rewards', tabs 'my rewards' and 'expired/used', from the member's reward orders. */
export const Route = createFileRoute('/_member/_screen/reward-coupon')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(rewardOrdersQuery());
  },
  component: RewardCouponPage,
});

function RewardCouponPage() {
  const t = useT();
  return (
    <>
      <TitleHeader title={t('coupons.myRewardsTitle')} backTo="/reward-home" />
      <CouponList variant="rewards" />
    </>
  );
}
