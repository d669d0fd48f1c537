import { TitledText } from '@/components/titled-text';
import type { ReactNode } from 'react';
import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CredentialsForm } from '@/components/credentials-form';
import { sessionQuery, useSignIn, useSignOut } from '@/entities/session';
import { useT } from '@/lib/i18n';
import { canEnterBackOffice } from './access';
import classes from './frame.module.css';

function SignInForm() {
  const t = useT();
  const signIn = useSignIn();
  return (
    <Paper className={classes.gate} withBorder radius="lg" shadow="sm">
      <CredentialsForm
        labels={{ user: t('backOffice.gateUser'), password: t('backOffice.gatePassword'), submit: t('backOffice.gateSignIn'), required: t('backOffice.gateRequired') }}
        failure={signIn.isError ? t('backOffice.gateFailed') : null}
        pending={signIn.isPending}
        onSubmit={(credentials) => signIn.mutate(credentials)}
        header={
          <TitledText order={1} size="h3" title={t('backOffice.gateTitle')} text={t('backOffice.gateText')} />
        }
      />
    </Paper>
  );
}

/** The back office renders for its roles only (managers of the programme, a branch or the blog); the server checks every call again. */
export function AdminGate({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useQuery(sessionQuery());
  const signOut = useSignOut();
  if (session.isPending) {
    return (
      <Stack align="center" py={64}>
        <Loader aria-label={t('common.loading')} />
      </Stack>
    );
  }
  if (session.isError) {
    return (
      <Paper className={classes.gate} withBorder radius="lg">
        <Stack>
          <Text>{t('backOffice.gateLoadFailed')}</Text>
          <Button onClick={() => session.refetch()}>{t('common.retry')}</Button>
        </Stack>
      </Paper>
    );
  }
  const info = session.data;
  if (info.user === 'Guest') return <SignInForm />;
  if (!canEnterBackOffice(info.roles)) {
    return (
      <Paper className={classes.gate} withBorder radius="lg" role="alert">
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('backOffice.deniedTitle')}
          </Title>
          <Text>{t('backOffice.deniedText', { user: info.user })}</Text>
          <Button variant="light" onClick={() => signOut.mutate()} loading={signOut.isPending}>
            {t('backOffice.signOut')}
          </Button>
          <Button component={Link} to="/" variant="subtle">
            {t('common.goHome')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  return <>{children}</>;
}
