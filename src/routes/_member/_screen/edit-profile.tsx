import { Box, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { TitleHeader } from '@/components/title-header';
import { ChangePhoneDialog, refreshUser, useCurrentUser } from '@/features/auth';
import { ProfileForm, profileWithChange, useRejectedProfileWrite, type SaveOutcome } from '@/features/profile';
import { useT } from '@/lib/i18n';
import { discardEntry } from '@/lib/outbox';
import { toast } from '@/lib/toast';

/** `fix`: the outbox id of a refused profile change, opened from the "Fix" button on /profile. */
const searchSchema = v.object({ fix: v.optional(v.pipe(v.string(), v.maxLength(64))) });

export const Route = createFileRoute('/_member/_screen/edit-profile')({
  validateSearch: (search) => v.parse(searchSchema, search),
  component: EditProfilePage,
});

function EditProfilePage() {
  const t = useT();
  const { fix } = Route.useSearch();
  const { user } = useCurrentUser();
  const fixing = useRejectedProfileWrite(fix);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onSaved = async (outcome: SaveOutcome) => {
    // The corrected change replaces the refused one.
    if (fixing) await discardEntry(fixing.id);
    if (outcome.queued) toast({ title: t('auth.savedOffline'), status: 'info' });
    else {
      await refreshUser(queryClient);
      toast({ title: t('auth.saved'), status: 'success' });
    }
    // Saved: the user data is reloaded and the member goes home.
    await navigate({ to: '/', replace: true });
  };
  return (
    <>
      <TitleHeader title={t('auth.editProfileTitle')} backTo="/my-account" />
      <Box p="md" pb="xl">
        {user ? (
          // The phone changes with the change-phone steps: the form restarts with the new number (or the refused values).
          <ProfileForm
            key={`${user.user}:${user.phone ?? ''}:${fixing?.id ?? ''}`}
            profile={fixing ? profileWithChange(user, fixing.args) : user}
            refusal={fixing}
            mode="edit"
            phoneAction={<ChangePhoneDialog />}
            onSaved={onSaved}
          />
        ) : (
          <Text ta="center" c="dimmed" py="xl" role="status">
            {t('auth.loading')}
          </Text>
        )}
      </Box>
    </>
  );
}
