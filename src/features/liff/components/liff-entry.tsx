import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Loader.css';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { memberKeys, isMember, type BootInfo } from '@/entities/member';
import { privacyKeys, type Consents } from '@/entities/privacy';
import { useNoticeState } from '@/entities/privacy/notice-state';
import { isFrappeClientError } from '@/lib/frappe';
import { useT } from '@/lib/i18n';
import { isOnline } from '@/lib/online';
import { liffConfig, liffLogin } from '@/entities/member/liff';
import { loadLiff } from '../sdk';
import { liffTarget } from '../target';

// The notice and its consent box, loaded only when this device must ask.
const PrivacyModal = lazy(() => import('@/components/privacy-modal').then((m) => ({ default: m.PrivacyModal })));

type State = { kind: 'working' } | { kind: 'notice' } | { kind: 'declined' } | { kind: 'failed' } | { kind: 'unavailable' } | { kind: 'offline' };

/**
 * The notice version this device knows the member agreed to: the one on record in the consents it keeps for the
 * member signed in here. None (nobody signed in, or nothing agreed): the member is shown the notice first.
 */
function agreedVersion(boot: BootInfo | undefined, consents: Consents | undefined): number | undefined {
  const agreed = isMember(boot) ? consents?.consents.privacy_notice : null;
  return agreed && agreed.granted === 1 && agreed.version !== null ? agreed.version : undefined;
}

export interface LiffEntryProps {
  /** Signed in: the route refreshes who is signed in and goes to `target` (the card or the LIFF URL's deep link). */
  onSignedIn(target: string): Promise<void> | void;
}

/**
 * /liff, the member card opened from LINE: LIFF (or its development stand-in) hands over the LINE id_token,
 * the server verifies it and starts the session, and the member lands on the card with no sign-in step.
 * Outside LINE, LIFF sends the member through LINE's sign-in first and back here. The sign-in records the privacy
 * notice version the member agreed to: a member already signed in on this device sends the one on record (a newer
 * notice is then asked by the member layout); anyone else is shown the current notice first, with its consent box.
 */
export function LiffEntry({ onSignedIn }: LiffEntryProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'working' });
  const [consent, setConsent] = useState(false);
  const started = useRef(false);
  const notice = useNoticeState(state.kind === 'notice');
  // The modal's answer: the version agreed to (undefined: the notice could not be loaded, the catalogue's text was
  // shown), or null when it was dismissed.
  const answer = useRef<((version: number | undefined | null) => void) | null>(null);

  const askNotice = () =>
    new Promise<number | undefined | null>((resolve) => {
      answer.current = resolve;
      setConsent(false);
      setState({ kind: 'notice' });
    });
  const answered = (version: number | undefined | null) => {
    answer.current?.(version);
    answer.current = null;
  };

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
      const known = agreedVersion(queryClient.getQueryData<BootInfo>(memberKeys.boot), queryClient.getQueryData<Consents>(privacyKeys.consents));
      const version = known ?? (await askNotice());
      if (version === null) {
        setState({ kind: 'declined' });
        return;
      }
      setState({ kind: 'working' });
      await liffLogin(token, version);
      await onSignedIn(liffTarget(window.location.pathname, window.location.search));
    } catch (error) {
      setState({ kind: isFrappeClientError(error) && error.code === 'liff_unavailable' ? 'unavailable' : 'failed' });
    }
  }, [onSignedIn, queryClient]);

  useEffect(() => {
    // Once per visit (StrictMode mounts twice in development).
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);

  if (state.kind === 'notice') {
    return (
      <Suspense fallback={null}>
        <PrivacyModal
          opened
          notice={notice}
          consent={consent}
          onConsent={setConsent}
          busy={false}
          onClose={() => answered(null)}
          onContinue={answered}
        />
      </Suspense>
    );
  }
  if (state.kind === 'working') {
    return (
      <Stack align="center" justify="center" gap="md" p="xl" mih="60vh" role="status" aria-live="polite">
        <Loader color="brand" />
        <Text>{t('liff.opening')}</Text>
      </Stack>
    );
  }
  const text =
    state.kind === 'unavailable'
      ? t('liff.unavailable')
      : state.kind === 'offline'
        ? t('liff.offline')
        : state.kind === 'declined'
          ? t('liff.noticeDeclined')
          : t('liff.failedText');
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
