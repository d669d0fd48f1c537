import { Box, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { nextFrom, refreshUser, useCurrentUser } from '@/features/auth';
import { ProfileForm, type SaveOutcome } from '@/features/profile';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';

/** `next`: the page the member asked for before signing in; home otherwise. */
export const Route = createFileRoute('/_member/_screen/fill-info')({
  validateSearch: (search): { next?: string } => ({ next: nextFrom(search) }),
  component: FillInfoPage,
});

function FillInfoPage() {
  const t = useT();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { next } = Route.useSearch();
  const onSaved = async (outcome: SaveOutcome) => {
    if (outcome.queued) toast({ title: t('auth.savedOffline'), status: 'info' });
    else await refreshUser(queryClient);
    await navigate({ href: next ?? '/', replace: true });
  };
  return (
    <>
      <TitleHeader title={t('auth.fillInfoTitle')} />
      <Box p="md" pb="xl">
        <Text size="sm" c="dimmed" mb="md">
          {t('auth.fillInfoIntro')}
        </Text>
        {user ? (
          <ProfileForm key={user.user} profile={user} mode="fill-info" onSaved={onSaved} />
        ) : (
          <Text ta="center" c="dimmed" py="xl" role="status">
            {t('auth.loading')}
          </Text>
        )}
      </Box>
    </>
  );
}
