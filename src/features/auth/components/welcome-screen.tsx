import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { BrandMark } from '@/components/icons';
import { useT } from '@/lib/i18n';
import classes from './auth.module.css';

/** /welcome: links to /login and /signup. */
export function WelcomeScreen() {
  const t = useT();
  return (
    <div className={classes.screen}>
      <div className={classes.hero}>
        <div className={classes.heroMark}>
          <BrandMark size={56} />
        </div>
        <Title order={1} size="h2">
          {t('auth.welcomeTitle')}
        </Title>
        <Text c="dimmed" maw={320}>
          {t('auth.welcomeText')}
        </Text>
      </div>
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
