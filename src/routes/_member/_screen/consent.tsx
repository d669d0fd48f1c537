import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { DOCUMENT_TITLES, InfoDocument, informationQuery } from '@/features/info-pages';
import { useT } from '@/lib/i18n';

export const Route = createFileRoute('/_member/_screen/consent')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(informationQuery(DOCUMENT_TITLES.consent));
  },
  component: ConsentPage,
});

function ConsentPage() {
  const t = useT();
  return (
    <>
      <TitleHeader title={t('info.consentTitle')} backTo="/my-account" />
      <InfoDocument title={DOCUMENT_TITLES.consent} />
    </>
  );
}
