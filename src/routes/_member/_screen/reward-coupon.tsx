import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { TitleHeader } from '@/components/title-header';
import { COUPON_TABS, CouponList, rewardOrdersQuery } from '@/features/coupons';
import { useT } from '@/lib/i18n';

/** /reward-coupon: 'my rewards', tabs 'my rewards' and 'expired/used', from the member's reward orders. */
/** `tab`: the expired and used rewards' tab (the member's rewards by default). */
const search = v.object({ tab: v.fallback(v.optional(v.picklist(COUPON_TABS)), undefined) });

export const Route = createFileRoute('/_member/_screen/reward-coupon')({
  validateSearch: (raw) => v.parse(search, raw),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(rewardOrdersQuery());
  },
  component: RewardCouponPage,
});

function RewardCouponPage() {
  const t = useT();
  const { tab = 'usable' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <TitleHeader title={t('coupons.myRewardsTitle')} backTo="/reward-home" />
      <CouponList variant="rewards" tab={tab} onTabChange={(next) => void navigate({ search: next === 'usable' ? {} : { tab: next }, replace: true })} />
    </>
  );
}
