import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Loader.css';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isFrappeClientError } from '@/lib/frappe';
import { useT } from '@/lib/i18n';
import { isOnline } from '@/lib/online';
import { liffConfig, liffLogin } from '@/entities/member/liff';
import { loadLiff } from '../sdk';
import { liffTarget } from '../target';

type State = { kind: 'working' } | { kind: 'failed' } | { kind: 'unavailable' } | { kind: 'offline' };

export interface LiffEntryProps {
  /** Signed in: the route refreshes who is signed in and goes to `target` (the card or the LIFF URL's deep link). */
  onSignedIn(target: string): Promise<void> | void;
}

/**
 * /liff, the member card opened from LINE: LIFF (or its development stand-in) hands over the LINE id_token,
 * the server verifies it and starts the session, and the member lands on the card with no sign-in step.
 * Outside LINE, LIFF sends the member through LINE's sign-in first and back here.
 */
export function LiffEntry({ onSignedIn }: LiffEntryProps) {
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef(false);

  const run = useCallback(async () => {
    if (!isOnline()) {
      setState({ kind: 'offline' });
      return;
    }
    setState({ kind: 'working' });
    try {
      const client = await loadLiff(await liffConfig());
      await client.init();
      if (!client.isLoggedIn()) {
        client.login(window.location.href);
        return;
      }
      const token = client.getIDToken();
      if (!token) throw new Error('LIFF gave no ID token');
      await liffLogin(token);
      await onSignedIn(liffTarget(window.location.pathname, window.location.search));
    } catch (error) {
      setState({ kind: isFrappeClientError(error) && error.code === 'liff_unavailable' ? 'unavailable' : 'failed' });
    }
  }, [onSignedIn]);

  useEffect(() => {
    // Once per visit (StrictMode mounts twice in development).
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);

  if (state.kind === 'working') {
    return (
      <Stack align="center" justify="center" gap="md" p="xl" mih="60vh" role="status" aria-live="polite">
        <Loader color="brand" />
        <Text>{t('liff.opening')}</Text>
      </Stack>
    );
  }
  const text = state.kind === 'unavailable' ? t('liff.unavailable') : state.kind === 'offline' ? t('liff.offline') : t('liff.failedText');
  return (
    <Stack align="stretch" gap="md" p="md" pt="xl" mih="60vh" justify="center" ta="center" role="alert">
      <Title order={1} size="h3">
        {t('liff.failedTitle')}
      </Title>
      <Text>{text}</Text>
      {state.kind !== 'unavailable' && (
        <Button radius="xl" size="md" onClick={() => void run()}>
          {t('liff.retry')}
        </Button>
      )}
      <Button component={Link} to="/login" variant="light" radius="xl" size="md">
        {t('liff.signIn')}
      </Button>
    </Stack>
  );
}
