import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Modal, PasswordInput, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { CredentialsForm } from '@/components/credentials-form';
import { useSignIn } from '@/entities/session';
import { isFrappeClientError } from '@/lib/frappe';
import { codeText } from '@/lib/error-text';
import { useT, type MessageKey } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { SignUpSchema } from '../../../../contracts/blog';
import { useSignUp } from '../api';
import { useMarketingStore } from '../store';

function errorText(t: ReturnType<typeof useT>, error: unknown, fallback: MessageKey): string {
  if (!isFrappeClientError(error)) return t(fallback);
  if (error.isNetworkError) return t('marketing.networkError');
  if (error.httpStatus === 429) return t('marketing.tooMany');
  return codeText(error.code, t) ?? t(fallback);
}

function SignInTab({ onDone }: { onDone: () => void }) {
  const t = useT();
  const remembered = useMarketingStore((s) => s.rememberedUser);
  const setRemembered = useMarketingStore((s) => s.setRememberedUser);
  const signIn = useSignIn();
  const [remember, setRemember] = useState(Boolean(remembered));
  return (
    <CredentialsForm
      labels={{ user: t('marketing.usernameOrEmail'), password: t('marketing.password'), submit: t('marketing.login'), required: t('marketing.fieldRequired') }}
      failure={signIn.isError ? errorText(t, signIn.error, 'marketing.loginFailed') : null}
      pending={signIn.isPending}
      initialUser={remembered}
      onSubmit={(credentials) =>
        signIn.mutate(credentials, {
          onSuccess: (answer) => {
            setRemembered(remember ? credentials.usr : '');
            toast({ status: 'success', title: t('marketing.signedInTitle'), description: t('marketing.signedIn', { name: answer.full_name ?? credentials.usr }) });
            onDone();
          },
        })
      }
      extra={<Checkbox label={t('marketing.rememberMe')} checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />}
      footer={
        <>
          <Anchor renderRoot={(props) => <Link {...props} to="/forgot-password" search={{ from: 'site' }} />} onClick={onDone} size="sm" ta="center">
            {t('password.forgotLink')}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('marketing.memberHint')}{' '}
            <Anchor component={Link} to="/welcome" onClick={onDone}>
              {t('marketing.memberLink')}
            </Anchor>
          </Text>
        </>
      }
    />
  );
}

type SignUpErrors = Partial<Record<'username' | 'email' | 'password', string>>;

function SignUpTab({ onDone }: { onDone: () => void }) {
  const t = useT();
  const signUp = useSignUp();
  const [values, setValues] = useState({ username: '', email: '', password: '' });
  const [errors, setErrors] = useState<SignUpErrors>({});
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value; // read now: currentTarget is gone once the event has been handled
    setValues((s) => ({ ...s, [key]: value }));
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = v.safeParse(SignUpSchema, values, { abortPipeEarly: true });
        if (!parsed.success) {
          const next: SignUpErrors = {};
          for (const issue of parsed.issues) {
            const field = issue.path?.[0]?.key as keyof SignUpErrors | undefined;
            if (field && !next[field]) next[field] = codeText(issue.message, t) ?? t('marketing.fieldRequired');
          }
          setErrors(next);
          return;
        }
        setErrors({});
        signUp.mutate(parsed.output, {
          onSuccess: (answer) => {
            toast({ status: 'success', title: t('marketing.registeredTitle'), description: t('marketing.registered', { name: answer.full_name }) });
            onDone();
          },
        });
      }}
    >
      <Stack gap="md">
        {signUp.isError && (
          <Alert color="red" role="alert">
            {errorText(t, signUp.error, 'marketing.networkError')}
          </Alert>
        )}
        <TextInput label={t('marketing.username')} withAsterisk autoComplete="username" value={values.username} onChange={set('username')} error={errors.username} />
        <TextInput label={t('marketing.email')} withAsterisk type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} />
        <PasswordInput label={t('marketing.password')} withAsterisk autoComplete="new-password" value={values.password} onChange={set('password')} error={errors.password} />
        <Text size="sm" c="dimmed">
          {t('marketing.privacyNotice')}{' '}
          <Anchor component={Link} to="/privacy-policy" onClick={onDone}>
            {t('marketing.privacyNoticeLink')}
          </Anchor>
        </Text>
        <Button type="submit" loading={signUp.isPending} size="md">
          {t('marketing.register')}
        </Button>
      </Stack>
    </form>
  );
}

/** Sign in / register dialog with two tabs; '*' marks the required fields. */
export function AuthDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t('marketing.authTitle')} centered size="md">
      <Tabs defaultValue="signin" keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="signin">{t('marketing.tabSignIn')}</Tabs.Tab>
          <Tabs.Tab value="signup">{t('marketing.tabSignUp')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="signin">
          <SignInTab onDone={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="signup">
          <SignUpTab onDone={onClose} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
