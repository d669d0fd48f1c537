import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { FormFailure } from '@/components/form-failure';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { isFrappeClientError, isRateLimited } from '@/lib/frappe';
import { codeText } from '@/lib/error-text';
import { useT } from '@/lib/i18n';
import { NewPasswordSchema } from '../../../../contracts/password';
import { useRequestPasswordReset, useUpdatePassword } from '@/entities/member/password';
import { AuthCard } from './auth-card';
import classes from './auth.module.css';

function SignInLink() {
  const t = useT();
  return (
    <Link to="/staff-login" className={classes.smallLink}>
      {t('password.updateSignIn')}
    </Link>
  );
}

/** Where the forgotten password was asked for: the staff sign-in, or the marketing site's sign-in dialog. */
export type ResetFrom = 'staff' | 'site';

/** /forgot-password: asks for a reset link by username or e-mail (staff, admins, marketing-site accounts). */
export function ForgotPassword({ from = 'staff' }: { from?: ResetFrom }) {
  const t = useT();
  const request = useRequestPasswordReset();
  const [user, setUser] = useState('');
  const [touched, setTouched] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (user.trim()) request.mutate(user.trim());
  };
  const failure = request.error;
  const failureText = isRateLimited(failure) ? t('password.forgotTooMany') : failure ? t('password.forgotFailed') : null;

  return (
    <AuthCard
      title={t('password.forgotTitle')}
      intro={request.isSuccess ? undefined : t('password.forgotIntro')}
      footer={
        from === 'site' ? (
          <Link to="/bakery" className={classes.smallLink}>
            {t('password.backToSite')}
          </Link>
        ) : (
          <SignInLink />
        )
      }
    >
      {request.isSuccess ? (
        <Alert color="teal" radius="md" role="status">
          {t('password.forgotSent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormFailure>{failureText}</FormFailure>
            <TextInput
              label={t('auth.staffUser')}
              withAsterisk
              autoComplete="username"
              size="md"
              value={user}
              onChange={(e) => setUser(e.currentTarget.value)}
              error={touched && !user.trim() ? t('auth.staffRequired') : undefined}
            />
            <Button type="submit" size="md" radius="xl" loading={request.isPending}>
              {t('password.forgotSubmit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

/** /update-password?key=…: the page the mailed link opens; sets the new password once. */
export function UpdatePassword({ resetKey }: { resetKey: string }) {
  const t = useT();
  const update = useUpdatePassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);

  const rule = v.safeParse(NewPasswordSchema, password);
  // An empty field says so as the screen's other fields do; a broken rule, its code's sentence.
  const broken = rule.success ? undefined : rule.issues[0].message;
  const passwordError = touched && broken ? (broken === 'password_required' ? t('auth.staffRequired') : (codeText(broken, t) ?? t('errors.generic'))) : undefined;
  const confirmError = touched && rule.success && confirm !== password ? t('password.updateMismatch') : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (rule.success && confirm === password) update.mutate({ key: resetKey, new_password: password });
  };

  if (update.isSuccess) {
    return (
      <AuthCard title={t('password.updateTitle')}>
        <Alert color="teal" radius="md" role="status">
          {t('password.updateDone')}
        </Alert>
        <Button renderRoot={(props) => <Link {...props} to={update.data} />} size="md" radius="xl">
          {t('password.updateSignIn')}
        </Button>
      </AuthCard>
    );
  }
  const failure = update.error;
  const linkInvalid = !resetKey || (failure && isFrappeClientError(failure) && failure.code === 'reset_key_invalid');
  return (
    <AuthCard title={t('password.updateTitle')} footer={<SignInLink />}>
      {linkInvalid ? (
        <Stack gap="md">
          <FormFailure>{t('password.updateInvalidLink')}</FormFailure>
          <Button renderRoot={(props) => <Link {...props} to="/forgot-password" />} variant="light" size="md" radius="xl">
            {t('password.updateRequestNew')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {failure && <FormFailure>{isRateLimited(failure) ? t('password.forgotTooMany') : t('auth.somethingWrong')}</FormFailure>}
            <PasswordInput
              label={t('password.updateNew')}
              withAsterisk
              autoComplete="new-password"
              size="md"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={passwordError}
            />
            <PasswordInput
              label={t('password.updateConfirm')}
              withAsterisk
              autoComplete="new-password"
              size="md"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              error={confirmError}
            />
            <Button type="submit" size="md" radius="xl" loading={update.isPending}>
              {t('password.updateSubmit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
