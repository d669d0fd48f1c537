import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { TitleHeader } from '@/components/title-header';
import { useCurrentUser } from '@/features/auth';
import { COUPON_TABS, CouponList, rewardOrdersQuery } from '@/features/coupons';
import { useLiveOrders } from '@/features/orders/live';
import { useT } from '@/lib/i18n';

/** /my-coupon: usable and used coupons, from the member's reward orders. */
/** `tab`: the used coupons' tab (the usable ones by default). */
const search = v.object({ tab: v.fallback(v.optional(v.picklist(COUPON_TABS)), undefined) });

export const Route = createFileRoute('/_member/_screen/my-coupon')({
  validateSearch: (raw) => v.parse(search, raw),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(rewardOrdersQuery());
  },
  component: MyCouponPage,
});

function MyCouponPage() {
  const t = useT();
  const { tab = 'usable' } = Route.useSearch();
  const navigate = Route.useNavigate();
  // A coupon handed over at the till moves to "used" while the list is open.
  useLiveOrders(useCurrentUser().boot?.user);
  return (
    <>
      <TitleHeader title={t('coupons.title')} backTo="/my-account" />
      <CouponList tab={tab} onTabChange={(next) => void navigate({ search: next === 'usable' ? {} : { tab: next }, replace: true })} />
    </>
  );
}
