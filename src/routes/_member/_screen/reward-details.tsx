import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { useMemo } from 'react';
import { TitleHeader } from '@/components/title-header';
import { useCurrentUser } from '@/features/auth';
import { couponsFrom, isUsable, rewardOrdersQuery } from '@/features/coupons';
import { RichText } from '@/features/info-pages';
import { RewardDetail, rewardItemsQuery } from '@/features/rewards';
import { useT } from '@/lib/i18n';

const searchSchema = v.object({ item: v.optional(v.pipe(v.string(), v.maxLength(140))) });

/** /reward-details: the reward detail of a real item; 'reward redeemed' when the member holds its code. */
export const Route = createFileRoute('/_member/_screen/reward-details')({
  validateSearch: (search) => {
    const r = v.safeParse(searchSchema, search);
    return r.success ? r.output : {};
  },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(rewardItemsQuery());
  },
  component: RewardDetailsPage,
});

function RewardDetailsPage() {
  const t = useT();
  const { item } = Route.useSearch();
  const { user } = useCurrentUser();
  const orders = useQuery({ ...rewardOrdersQuery(), retry: false });
  const redeemed = useMemo(
    () => new Set(couponsFrom(orders.data ?? []).filter(isUsable).map((c) => c.itemCode)),
    [orders.data],
  );
  return (
    <>
      <TitleHeader title={t('coupons.rwDetailTitle')} backTo="/reward" />
      <RewardDetail itemName={item} redeemedItemCodes={redeemed} points={user?.loyalty_points ?? null} renderDescription={(html) => <RichText html={html} />} />
    </>
  );
}
