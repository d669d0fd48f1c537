import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { useCurrentUser } from '@/features/auth';
import { CouponList, rewardOrdersQuery } from '@/features/coupons';
import { useLiveOrders } from '@/features/orders/live';
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
  // A coupon handed over at the till moves to "used" while the list is open.
  useLiveOrders(useCurrentUser().boot?.user);
  return (
    <>
      <TitleHeader title={t('coupons.title')} backTo="/my-account" />
      <CouponList />
    </>
  );
}
