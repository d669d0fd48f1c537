import { Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useT } from '@/lib/i18n';
import { useCurrentUser } from '../session';
import { LineLogin } from './line-login';
import { PhoneVerify } from './phone-verify';
import { AuthHero } from './auth-hero';
import classes from './auth.module.css';

/**
 * /signup: a guest signs up with LINE (same consent modal) and comes back here; a signed-in member then
 * verifies the phone in the +66 variant ('Please Enter OTP').
 */
export function SignupScreen({ onDone }: { onDone: () => void }) {
  const t = useT();
  const { isSignedIn, isPending } = useCurrentUser();
  return (
    <div className={classes.screen}>
      <AuthHero title="auth.signupTitle" text="auth.signupIntro" />
      {isPending ? null : isSignedIn ? (
        <PhoneVerify mode="signup" onDone={onDone} />
      ) : (
        <Stack gap="sm">
          <LineLogin after="/signup" label="auth.signupWithLine" />
          <Text size="sm" c="dimmed" ta="center">
            {t('auth.haveAccount')} <Link to="/login">{t('auth.welcomeLogin')}</Link>
          </Text>
        </Stack>
      )}
    </div>
  );
}
