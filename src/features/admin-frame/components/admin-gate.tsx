import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Alert, Button, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useT } from '@/lib/i18n';
import { bootQuery } from '@/entities/member';
import { canEnterBackOffice } from '../access';
import { useBackOfficeSignIn, useBackOfficeSignOut } from '../session';
import classes from './frame.module.css';

function SignInForm() {
  const t = useT();
  const signIn = useBackOfficeSignIn();
  const [usr, setUsr] = useState('');
  const [pwd, setPwd] = useState('');
  const [touched, setTouched] = useState(false);
  const required = (value: string) => (touched && !value.trim() ? t('blogAdmin.gateRequired') : undefined);
  return (
    <Paper className={classes.gate} withBorder radius="lg" shadow="sm">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (usr.trim() && pwd) signIn.mutate({ usr: usr.trim(), pwd });
        }}
      >
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('blogAdmin.gateTitle')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('backOffice.gateText')}
          </Text>
          {signIn.isError && (
            <Alert color="red" role="alert">
              {t('blogAdmin.gateFailed')}
            </Alert>
          )}
          <TextInput label={t('blogAdmin.gateUser')} withAsterisk autoComplete="username" value={usr} onChange={(e) => setUsr(e.currentTarget.value)} error={required(usr)} />
          <PasswordInput label={t('blogAdmin.gatePassword')} withAsterisk autoComplete="current-password" value={pwd} onChange={(e) => setPwd(e.currentTarget.value)} error={required(pwd)} />
          <Button type="submit" loading={signIn.isPending} size="md">
            {t('blogAdmin.gateSignIn')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** The back office renders for its roles only (managers of the programme, a branch or the blog); the server checks every call again. */
export function AdminGate({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useQuery(bootQuery());
  const signOut = useBackOfficeSignOut();
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
          <Text>{t('blogAdmin.loadFailed')}</Text>
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
            {t('blogAdmin.deniedTitle')}
          </Title>
          <Text>{t('backOffice.deniedText', { user: info.user })}</Text>
          <Button variant="light" onClick={() => signOut.mutate()} loading={signOut.isPending}>
            {t('blogAdmin.signOut')}
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
