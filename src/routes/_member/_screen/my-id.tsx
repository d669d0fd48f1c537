import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageSkeleton } from '@/components/page-skeleton';
import { TitleHeader } from '@/components/title-header';
import { useCurrentUser } from '@/features/auth';
import { rewardOrdersQuery, usableCount } from '@/features/coupons';
import { loyaltyProgramQuery, MemberIdCard, useMemberCode, walletBaht } from '@/features/member-id';
import { useT } from '@/lib/i18n';

/** /my-id: the member's QR code and barcode, real tier line and balance card; back to /my-account. */
export const Route = createFileRoute('/_member/_screen/my-id')({
  component: MyIdPage,
});

function MyIdPage() {
  const t = useT();
  const { user } = useCurrentUser({ showsTier: true });
  const orders = useQuery({ ...rewardOrdersQuery(), enabled: Boolean(user) });
  const program = useQuery(loyaltyProgramQuery(user?.loyalty_program));
  // The rotating code (issue 7): computed on the device every 30 s, works offline once registered.
  const memberCode = useMemberCode(user);
  return (
    <>
      <TitleHeader title={t('memberId.title')} backTo="/my-account" />
      {user ? (
        <MemberIdCard
          code={memberCode.code ?? ''}
          secondsLeft={memberCode.code ? memberCode.secondsLeft : null}
          codeUnavailable={memberCode.unavailable}
          fullName={user.full_name || user.name}
          userImage={user.user_image}
          tierName={user.tier?.tier_name}
          points={user.loyalty_points}
          couponCount={orders.data ? usableCount(orders.data) : null}
          // Still unknown while the programme loads: the column keeps its place instead of appearing later.
          walletBaht={user.loyalty_program && program.isPending ? undefined : walletBaht(user.loyalty_points, program.data)}
        />
      ) : (
        <PageSkeleton rows={1} />
      )}
    </>
  );
}
