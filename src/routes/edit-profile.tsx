import { Box, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { ChangePhoneDialog, refreshUser, useCurrentUser } from '@/features/auth';
import { ProfileForm, type SaveOutcome } from '@/features/profile';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';

export const Route = createFileRoute('/edit-profile')({
  staticData: { appHeader: false },
  component: EditProfilePage,
});

function EditProfilePage() {
  const t = useT();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onSaved = async (outcome: SaveOutcome) => {
    if (outcome.queued) toast({ title: t('auth.savedOffline'), status: 'info' });
    else {
      await refreshUser(queryClient);
      toast({ title: t('auth.saved'), status: 'success' });
    }
    // Spec §4: on success the user data is reloaded and the user goes to /.
    await navigate({ to: '/', replace: true });
  };
  return (
    <>
      <TitleHeader title={t('auth.editProfileTitle')} backTo="/my-account" />
      <Box p="md" pb="xl">
        {user ? (
          // The phone changes with the change-phone steps: the form restarts with the new number.
          <ProfileForm key={`${user.user}:${user.phone ?? ''}`} profile={user} mode="edit" phoneAction={<ChangePhoneDialog />} onSaved={onSaved} />
        ) : (
          <Text ta="center" c="dimmed" py="xl" role="status">
            {t('auth.loading')}
          </Text>
        )}
      </Box>
    </>
  );
}
