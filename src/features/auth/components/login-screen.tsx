import '@mantine/core/styles/Alert.css';
import { Alert, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useT } from '@/lib/i18n';
import { LineLogin } from './line-login';
import { AuthHero } from './auth-hero';
import classes from './auth.module.css';

/** /login: welcome heading, blurb, one LINE button (with the consent modal), a small staff sign-in link. */
export function LoginScreen({ lineFailed = false, accountDeleted = false, next }: { lineFailed?: boolean; accountDeleted?: boolean; next?: string }) {
  const t = useT();
  return (
    <div className={classes.screen}>
      <AuthHero title="auth.loginTitle" text="auth.loginBlurb" />
      {accountDeleted && (
        <Alert color="teal" role="status" radius="md" data-testid="account-deleted">
          {t('auth.accountDeleted')}
        </Alert>
      )}
      {lineFailed && (
        <Alert color="red" role="alert" radius="md">
          {t('auth.lineFailed')}
        </Alert>
      )}
      <LineLogin next={next} />
      <Stack gap={0} align="center">
        <Text size="sm" c="dimmed">
          {t('auth.noAccount')}{' '}
          <Link to="/signup">{t('auth.welcomeSignup')}</Link>
        </Text>
        <Link to="/staff-login" className={classes.smallLink}>
          {t('auth.staffLink')}
        </Link>
      </Stack>
    </div>
  );
}
