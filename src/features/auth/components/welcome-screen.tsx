import { Button, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useT } from '@/lib/i18n';
import { AuthHero } from './auth-hero';
import classes from './auth.module.css';

/** /welcome: links to /login and /signup. */
export function WelcomeScreen() {
  const t = useT();
  return (
    <div className={classes.screen}>
      <AuthHero title="auth.welcomeTitle" text="auth.welcomeText" />
      <Stack gap="sm">
        <Button component={Link} to="/login" size="lg" radius="xl" fullWidth>
          {t('auth.welcomeLogin')}
        </Button>
        <Button component={Link} to="/signup" size="lg" radius="xl" fullWidth variant="outline">
          {t('auth.welcomeSignup')}
        </Button>
      </Stack>
    </div>
  );
}
