import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, PasswordInput, Stack, TextInput, type MantineSize } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export interface Credentials {
  usr: string;
  pwd: string;
}

export interface CredentialsFormProps {
  /** The place's own words: field labels, the submit button and the message for an empty field. */
  labels: { user: string; password: string; submit: string; required: string };
  /** Why the last attempt failed, shown above the fields; null for none. */
  failure: string | null;
  pending: boolean;
  /** Called with a trimmed username and the password once both are filled; `false` back clears the password. */
  onSubmit: (credentials: Credentials) => Promise<boolean | void> | boolean | void;
  initialUser?: string;
  size?: MantineSize;
  /** The member app's rounder look (the till's sign-in sits in its card). */
  rounded?: boolean;
  /** Above the message (a title, a line of text). */
  header?: ReactNode;
  /** Between the password and the button (a remember-me box). */
  extra?: ReactNode;
  /** Below the button (links). */
  footer?: ReactNode;
}

/** Username (or e-mail) and password: the one sign-in form of the till, the back office and the bakery site. */
export function CredentialsForm({ labels, failure, pending, onSubmit, initialUser = '', size, rounded, header, extra, footer }: CredentialsFormProps) {
  const [usr, setUsr] = useState(initialUser);
  const [pwd, setPwd] = useState('');
  const [touched, setTouched] = useState(false);
  const required = (value: string) => (touched && !value.trim() ? labels.required : undefined);
  const submit = async () => {
    setTouched(true);
    if (!usr.trim() || !pwd) return;
    if ((await onSubmit({ usr: usr.trim(), pwd })) === false) setPwd('');
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        {header}
        {failure && (
          <Alert color="red" role="alert" radius={rounded ? 'md' : undefined}>
            {failure}
          </Alert>
        )}
        <TextInput label={labels.user} withAsterisk autoComplete="username" size={size} value={usr} onChange={(e) => setUsr(e.currentTarget.value)} error={required(usr)} />
        <PasswordInput label={labels.password} withAsterisk autoComplete="current-password" size={size} value={pwd} onChange={(e) => setPwd(e.currentTarget.value)} error={required(pwd)} />
        {extra}
        <Button type="submit" size="md" radius={rounded ? 'xl' : undefined} loading={pending}>
          {labels.submit}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
