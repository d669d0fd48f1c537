import { Button, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLang, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { currentSubscription, enablePush, permission, pushSupport } from '../push';
import { failureMessage } from './notification-settings';
import classes from './notifications.module.css';

/** Set once the member answered the offer (either way): it is never shown again on this device. */
export const OFFER_ANSWERED_KEY = 'push-offer-answered';

function answered(): boolean {
  try {
    return localStorage.getItem(OFFER_ANSWERED_KEY) === '1';
  } catch {
    return true;
  }
}

function remember() {
  try {
    localStorage.setItem(OFFER_ANSWERED_KEY, '1');
  } catch {
    // storage blocked: the offer may come back next time, nothing worse
  }
}

/**
 * After a redemption, the natural moment to offer notifications ("your reward is ready"): only where the
 * browser can have them, while the member has not decided, and once per device. The permission prompt comes
 * only from the button.
 */
export function PushOffer() {
  const t = useT();
  const [lang] = useLang();
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (answered() || pushSupport() !== 'supported' || permission() !== 'default') return;
    let live = true;
    void currentSubscription().then((sub) => live && !sub && setShow(true), () => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (done) {
    return (
      <Paper withBorder radius="lg" p="md" className={classes.offer} role="status">
        <Text size="sm">{t('notifications.offerDone')}</Text>
      </Paper>
    );
  }
  if (!show) return null;
  const accept = async () => {
    setBusy(true);
    try {
      const outcome = await enablePush(lang);
      remember();
      setShow(false);
      setDone(outcome === 'enabled');
    } catch (error) {
      toast({ title: failureMessage(error, t, 'notifications.failed'), status: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="lg" p="md" className={classes.offer} data-testid="push-offer">
      <Text fw={700} mb={4}>
        {t('notifications.offerTitle')}
      </Text>
      <Text size="sm" mb="sm">
        {t('notifications.offerText')}
      </Text>
      <Stack gap="xs">
        <Button radius="xl" loading={busy} onClick={() => void accept()}>
          {t('notifications.offerYes')}
        </Button>
        <Button
          variant="subtle"
          radius="xl"
          disabled={busy}
          onClick={() => {
            remember();
            setShow(false);
          }}
        >
          {t('notifications.offerLater')}
        </Button>
      </Stack>
    </Paper>
  );
}
