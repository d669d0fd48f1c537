import '@mantine/core/styles/Alert.css';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { BrandMark } from '@/components/icons';
import { useT } from '@/lib/i18n';
import { LineLogin } from './line-login';
import classes from './auth.module.css';

/** /login: welcome heading, blurb, one LINE button (with the consent modal), a small staff sign-in link. */
export function LoginScreen({ lineFailed = false }: { lineFailed?: boolean }) {
  const t = useT();
  return (
    <div className={classes.screen}>
      <div className={classes.hero}>
        <div className={classes.heroMark}>
          <BrandMark size={56} />
        </div>
        <Title order={1} size="h2">
          {t('auth.loginTitle')}
        </Title>
        <Text c="dimmed" maw={320}>
          {t('auth.loginBlurb')}
        </Text>
      </div>
      {lineFailed && (
        <Alert color="red" role="alert" radius="md">
          {t('auth.lineFailed')}
        </Alert>
      )}
      <LineLogin />
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
