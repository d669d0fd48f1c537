import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { DOCUMENT_TITLES, InfoDocument, informationQuery } from '@/features/info-pages';
import { useT } from '@/lib/i18n';

export const Route = createFileRoute('/_member/_screen/how-to-collect-rewards')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(informationQuery(DOCUMENT_TITLES.redeemRewards));
  },
  component: HowToRedeemPage,
});

function HowToRedeemPage() {
  const t = useT();
  return (
    <>
      <TitleHeader title={t('info.redeemRewardsTitle')} backTo="/my-account" />
      <InfoDocument title={DOCUMENT_TITLES.redeemRewards} />
    </>
  );
}
