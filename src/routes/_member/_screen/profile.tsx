import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { useCurrentUser } from '@/features/auth';
import { ProfileView } from '@/features/profile';
import { useT } from '@/lib/i18n';

export const Route = createFileRoute('/_member/_screen/profile')({
  component: ProfilePage,
});

function ProfilePage() {
  const t = useT();
  const { user } = useCurrentUser({ showsTier: true });
  return (
    <>
      <TitleHeader title={t('auth.profileTitle')} backTo="/my-account" />
      <ProfileView user={user} />
    </>
  );
}
