import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { useCurrentUser } from '@/features/auth';
import { BirthdayPromotion, BlogBanner, DOCUMENT_TITLES, InfoDocument, informationQuery } from '@/features/info-pages';
import { useT } from '@/lib/i18n';

/** /single-blog: a banner, the birthday-month promotion card and the 'Detail of Blog' text. */
export const Route = createFileRoute('/_member/_screen/single-blog')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(informationQuery(DOCUMENT_TITLES.blogDetail));
  },
  component: SingleBlogPage,
});

function SingleBlogPage() {
  const t = useT();
  const { user } = useCurrentUser();
  return (
    <>
      <TitleHeader title={t('info.blogTitle')} backTo="/" />
      <Stack gap="md" px="md" pt="md">
        <BlogBanner />
        <BirthdayPromotion birthDate={user?.birth_date} />
      </Stack>
      <InfoDocument title={DOCUMENT_TITLES.blogDetail} />
    </>
  );
}
