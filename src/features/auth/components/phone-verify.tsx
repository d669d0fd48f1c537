import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { OtpInput } from '@/components/otp-input';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useT } from '@/lib/i18n';
import { OTP_LENGTH, PHONE_DIGITS, PHONE_REQUEST_MIN_DIGITS, RESEND_SECONDS, onlyDigits } from '../../../../contracts/account';
import { useChangePhone, useRequestCode, useVerifyCode } from '@/entities/member/phone';
import { serverMessageOf } from '../server-message';
import { setPhoneVerifyFlag } from '@/lib/auth-storage';
import { useCurrentUser } from '../session';
import classes from './auth.module.css';

export type PhoneFlowMode = 'verify' | 'signup' | 'change';

export interface PhoneVerifyProps {
  /**
   * verify: /phonverify. signup: the +66 variant of /signup ('Please Enter OTP').
   * change: the change-phone steps of /edit-profile (exactly 10 digits, a 6-digit code).
   */
  mode?: PhoneFlowMode;
  /** Called after the server confirmed the code (the route decides where to go). */
  onDone: () => void;
  /** Hides the screen heading (when the flow sits inside another screen). */
  embedded?: boolean;
}

/** Seconds left before a resend is allowed; restart() begins a new 60 s wait. */
function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until, now]);
  return {
    left: Math.max(0, Math.ceil((until - now) / 1000)),
    restart: () => {
      const start = Date.now();
      setNow(start);
      setUntil(start + RESEND_SECONDS * 1000);
    },
  };
}

type Notice = { kind: 'error' | 'info'; text: string } | null;

/**
 * Phone verification in two steps: the phone (digits only; 'This phone number is invalid'
 * under 10 digits; the code is requested only above 7), then the 6-digit code ('Wrong code, please try again',
 * or 'Please Enter OTP' in the sign-up variant), with a visible 60 s countdown before Resend. Back returns to
 * the phone step. A failure shows the server's message and resets the form.
 */
export function PhoneVerify({ mode = 'verify', onDone, embedded = false }: PhoneVerifyProps) {
  const t = useT();
  const { isSignedIn, isPending, user, boot } = useCurrentUser();
  const request = useRequestCode();
  const verify = useVerifyCode({ onVerified: () => setPhoneVerifyFlag(false) });
  const change = useChangePhone();
  const countdown = useCountdown();
  const [step, setStep] = useState<1 | 2>(1);
  const [phone, setPhone] = useState('');
  const [phoneTouched, setPhoneTouched] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const minRequest = mode === 'change' ? PHONE_DIGITS : PHONE_REQUEST_MIN_DIGITS;
  const canRequest = mode === 'change' ? phone.length === PHONE_DIGITS : phone.length >= minRequest;
  const phoneError = phoneTouched && phone.length > 0 && phone.length < PHONE_DIGITS ? t('auth.phoneInvalid') : undefined;
  const sending = request.isPending;
  const checking = verify.isPending || change.isPending;

  useEffect(() => {
    if (step === 2) codeRef.current?.focus();
  }, [step]);

  if (isPending) {
    return (
      <Text ta="center" c="dimmed" py="xl" role="status">
        {t('auth.loading')}
      </Text>
    );
  }

  if (!isSignedIn) {
    return (
      <Stack gap="md" py="md">
        <Alert color="yellow" radius="md">
          {t('auth.signInFirst')}
        </Alert>
        <Button component={Link} to="/login" radius="xl" size="md">
          {t('auth.welcomeLogin')}
        </Button>
      </Stack>
    );
  }

  const sendCode = async (isResend: boolean) => {
    setNotice(null);
    try {
      const answer = await request.mutateAsync(phone);
      if (answer.status === 'success') {
        setStep(2);
        setCode('');
        setCodeError(null);
        countdown.restart();
        setNotice(answer.message ? { kind: 'info', text: answer.message } : null);
        return;
      }
      setNotice({ kind: 'error', text: answer.message || t('auth.somethingWrong') });
    } catch (error) {
      setNotice({ kind: 'error', text: serverMessageOf(error, t) ?? t('auth.somethingWrong') });
    }
    // A failure resets the form (a resend keeps the code step: only the code is cleared).
    if (isResend) setCode('');
    else {
      setPhone('');
      setPhoneTouched(false);
    }
  };

  const onPhoneSubmit = (e: FormEvent) => {
    e.preventDefault();
    // In the change-phone dialog this form sits, through a portal, inside /edit-profile's form: React bubbles
    // the submit along the component tree, which would save the profile and close the dialog.
    e.stopPropagation();
    setPhoneTouched(true);
    // Never asked for at 7 digits or fewer; and a number the server would refuse is not sent either.
    if (!canRequest || phone.length < PHONE_DIGITS) return;
    void sendCode(false);
  };

  const onCodeSubmit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setNotice(null);
    if (code.length !== OTP_LENGTH) {
      setCodeError(mode === 'signup' ? t('auth.enterOtp') : t('auth.wrongCode'));
      return;
    }
    setCodeError(null);
    try {
      const answer =
        mode === 'change'
          ? await change.mutateAsync({ phone, otp: code })
          : await verify.mutateAsync({ phone, otp: code, username: boot?.user });
      if (answer.status === 'success') {
        onDone();
        return;
      }
      setNotice({ kind: 'error', text: answer.message || t('auth.wrongCode') });
      // The sign-up variant's code field also says 'OTP incorrect'; elsewhere the server's message is enough.
      if (mode === 'signup') setCodeError(t('auth.otpIncorrect'));
    } catch (error) {
      setNotice({ kind: 'error', text: serverMessageOf(error, t) ?? t('auth.somethingWrong') });
    }
    setCode('');
    codeRef.current?.focus();
  };

  const heading = mode === 'change' ? t('auth.changePhone') : step === 1 ? t('auth.phoneTitle') : t('auth.codeTitle');
  const intro =
    step === 1
      ? mode === 'change'
        ? t('auth.changePhoneIntro')
        : t('auth.phoneIntro')
      : t('auth.codeIntro', { phone: mode === 'signup' ? `+66 ${phone.replace(/^0/, '')}` : phone });

  return (
    <Stack gap="md">
      {!embedded && (
        <Stack gap={6}>
          <div className={classes.stepDots} aria-hidden="true">
            <span data-active={true} />
            <span data-active={step === 2 || undefined} />
          </div>
          <Title order={2} size="h3" ta="center">
            {heading}
          </Title>
        </Stack>
      )}
      <Text size="sm" c="dimmed" ta={embedded ? undefined : 'center'}>
        {intro}
      </Text>
      {notice && (
        <Alert color={notice.kind === 'error' ? 'red' : 'teal'} radius="md" role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}

      {step === 1 ? (
        <form onSubmit={onPhoneSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={mode === 'change' ? t('auth.newPhoneLabel') : t('auth.phoneLabel')}
              value={phone}
              onChange={(e) => setPhone(onlyDigits(e.currentTarget.value).slice(0, PHONE_DIGITS))}
              onBlur={() => setPhoneTouched(true)}
              error={phoneError}
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="0812345678"
              size="md"
              maxLength={PHONE_DIGITS + 4}
              leftSection={mode === 'signup' ? <span className={classes.prefix}>+66</span> : undefined}
              leftSectionWidth={mode === 'signup' ? 52 : undefined}
              data-testid="phone-input"
            />
            {mode === 'change' && user?.phone && (
              <Text size="xs" c="dimmed">
                {t('auth.phone')}: {user.phone}
              </Text>
            )}
            <Button type="submit" size="md" radius="xl" disabled={!canRequest} loading={sending}>
              {t('auth.requestCode')}
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={(e) => void onCodeSubmit(e)} noValidate>
          <Stack gap="md">
            <OtpInput
              inputRef={codeRef}
              label={t('auth.codeLabel')}
              // The change-phone dialog is narrower than the page.
              compact={embedded}
              value={code}
              onChange={(value) => {
                setCode(value);
                if (codeError) setCodeError(null);
              }}
              error={codeError}
            />
            <Button type="submit" size="md" radius="xl" loading={checking}>
              {t('auth.confirm')}
            </Button>
            <div className={classes.countdown} aria-live="polite">
              {countdown.left > 0 ? (
                <span>{t('auth.resendIn', { seconds: countdown.left })}</span>
              ) : (
                <Button variant="subtle" onClick={() => void sendCode(true)} loading={sending}>
                  {t('auth.resend')}
                </Button>
              )}
            </div>
            <Group justify="center">
              <Button
                variant="default"
                radius="xl"
                onClick={() => {
                  setStep(1);
                  setNotice(null);
                  setCode('');
                  setCodeError(null);
                }}
              >
                {t('auth.backToPhone')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
