import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { DOCUMENT_TITLES, InfoDocument, informationQuery } from '@/features/info-pages';
import { useT } from '@/lib/i18n';

export const Route = createFileRoute('/_member/_screen/member-conditions')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(informationQuery(DOCUMENT_TITLES.memberConditions));
  },
  component: MemberConditionsPage,
});

function MemberConditionsPage() {
  const t = useT();
  return (
    <>
      <TitleHeader title={t('info.memberConditionsTitle')} backTo="/my-account" />
      <InfoDocument title={DOCUMENT_TITLES.memberConditions} />
    </>
  );
}
