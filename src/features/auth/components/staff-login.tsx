import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CredentialsForm } from '@/components/credentials-form';
import { useSignIn } from '@/entities/session';
import { isRateLimited } from '@/lib/frappe';
import { useT } from '@/lib/i18n';
import { authKeys, type BootInfo } from '../api';
import { AuthCard } from './auth-card';
import classes from './auth.module.css';

/** Username + password sign-in for staff and admins (Frappe's /api/method/login, cookie session). */
export function StaffLogin({ onSignedIn }: { onSignedIn: (roles: readonly string[]) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const login = useSignIn();
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
      <CredentialsForm
        labels={{ user: t('auth.staffUser'), password: t('auth.staffPassword'), submit: t('auth.staffSubmit'), required: t('auth.staffRequired') }}
        failure={failureText}
        pending={login.isPending}
        size="md"
        rounded
        onSubmit={async (credentials) => {
          try {
            await login.mutateAsync(credentials);
          } catch {
            return false;
          }
          onSignedIn(queryClient.getQueryData<BootInfo>(authKeys.boot)?.roles ?? []);
        }}
        footer={
          <Link to="/forgot-password" className={classes.smallLink}>
            {t('password.forgotLink')}
          </Link>
        }
      />
    </AuthCard>
  );
}
