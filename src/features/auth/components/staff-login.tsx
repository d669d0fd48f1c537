import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { isRateLimited } from '@/lib/frappe';
import { useT } from '@/lib/i18n';
import { authKeys, useStaffLogin, type BootInfo } from '../api';
import { AuthCard } from './auth-card';
import classes from './auth.module.css';

/** Username + password sign-in for staff and admins (Frappe's /api/method/login, cookie session). */
export function StaffLogin({ onSignedIn }: { onSignedIn: (roles: readonly string[]) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const login = useStaffLogin();
  const [usr, setUsr] = useState('');
  const [pwd, setPwd] = useState('');
  const [touched, setTouched] = useState(false);
  const required = (value: string) => (touched && !value.trim() ? t('auth.staffRequired') : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!usr.trim() || !pwd) return;
    try {
      await login.mutateAsync({ usr: usr.trim(), pwd });
    } catch {
      setPwd('');
      return;
    }
    onSignedIn(queryClient.getQueryData<BootInfo>(authKeys.boot)?.roles ?? []);
  };

  const failure = login.error;
  const failureText = isRateLimited(failure) ? t('auth.staffTooMany') : failure ? t('auth.staffInvalid') : null;

  return (
    <AuthCard
      title={t('auth.staffTitle')}
      intro={t('auth.staffIntro')}
      footer={
        <Link to="/login" className={classes.smallLink}>
          {t('auth.staffBack')}
        </Link>
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {failureText && (
            <Alert color="red" role="alert" radius="md">
              {failureText}
            </Alert>
          )}
          <TextInput
            label={t('auth.staffUser')}
            withAsterisk
            autoComplete="username"
            size="md"
            value={usr}
            onChange={(e) => setUsr(e.currentTarget.value)}
            error={required(usr)}
          />
          <PasswordInput
            label={t('auth.staffPassword')}
            withAsterisk
            autoComplete="current-password"
            size="md"
            value={pwd}
            onChange={(e) => setPwd(e.currentTarget.value)}
            error={required(pwd)}
          />
          <Button type="submit" size="md" radius="xl" loading={login.isPending}>
            {t('auth.staffSubmit')}
          </Button>
          <Link to="/forgot-password" className={classes.smallLink}>
            {t('password.forgotLink')}
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
