import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { CouponList, rewardOrdersQuery } from '@/features/coupons';
import { useT } from '@/lib/i18n';

/** /my-coupon: usable and used coupons, from the member's reward orders. */
export const Route = createFileRoute('/_member/_screen/my-coupon')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(rewardOrdersQuery());
  },
  component: MyCouponPage,
});

function MyCouponPage() {
  const t = useT();
  return (
    <>
      <TitleHeader title={t('coupons.title')} backTo="/my-account" />
      <CouponList />
    </>
  );
}
