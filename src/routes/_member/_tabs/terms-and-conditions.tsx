import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { InfoDocument, TERMS_DOCUMENT, DOCUMENT_TITLES, termsQuery } from '@/features/info-pages';
import { useT } from '@/lib/i18n';

/** The terms document, with the bottom navigation (the account tab active) and a back link to /my-account. */
export const Route = createFileRoute('/_member/_tabs/terms-and-conditions')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(termsQuery());
  },
  component: TermsPage,
});

function TermsPage() {
  const t = useT();
  return (
    <>
      <TitleHeader title={t('info.termsTitle')} backTo="/my-account" />
      <InfoDocument doctype={TERMS_DOCUMENT} title={DOCUMENT_TITLES.terms} />
    </>
  );
}
