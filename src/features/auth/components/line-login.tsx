import { Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/idle';
import { useT, type MessageKey } from '@/lib/i18n';
import { useNoticeState } from '@/entities/privacy/notice-state';
import { authorizeUrlQuery } from '../api';
import { LineIcon } from './line-icon';
import classes from './auth.module.css';

const loadPrivacyModal = () => import('@/components/privacy-modal').then((m) => ({ default: m.PrivacyModal }));
const PrivacyModal = lazy(loadPrivacyModal);

export interface LineLoginProps {
  /** Where the app continues after LINE while the phone is not verified yet. */
  after?: '/phonverify' | '/signup';
  label?: MessageKey;
  /** The in-app page the member asked for: they land there after LINE (and phone verification). */
  next?: string;
}

/**
 * The LINE button and the privacy-notice modal: the authorize address is fetched when the screen opens; the button
 * opens the modal with the current notice; Continue stays disabled and grey until the consent box is ticked, then
 * sends the browser to LINE with the notice's version, which the sign-in records as the member's consent. The modal
 * can be dismissed.
 */
export function LineLogin({ after = '/phonverify', label = 'auth.loginWithLine', next }: LineLoginProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const authorize = useQuery(authorizeUrlQuery(after, next));
  const [open, setOpen] = useState(false);
  const [consent, setConsent] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const notice = useNoticeState(open);
  // The modal's chunk: fetched once the screen is idle, mounted from the first press on (kept mounted after, so
  // closing still animates).
  const [mounted, setMounted] = useState(false);
  useEffect(() => whenIdle(() => void loadPrivacyModal(), 3000, 1000), []);

  const close = () => {
    setOpen(false);
    setConsent(false);
  };

  const proceed = async (privacyVersion: number | undefined) => {
    setLeaving(true);
    try {
      // The notice shown has a version: an address that records it (its cookie replaces the one fetched on load).
      // Without one (the notice could not be loaded), the address fetched on load, or a fresh one when it is old
      // (its state cookie lasts 10 minutes).
      const url =
        privacyVersion === undefined && authorize.data && !authorize.isStale
          ? authorize.data
          : await queryClient.fetchQuery({ ...authorizeUrlQuery(after, next, privacyVersion), staleTime: 0 });
      window.location.assign(url);
    } catch {
      // A failure to get the authorize address is silent: the member can try again.
      setLeaving(false);
    }
  };

  return (
    <>
      <Button
        fullWidth
        radius="xl"
        size="lg"
        className={classes.lineButton}
        leftSection={<LineIcon size={26} />}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {t(label)}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <PrivacyModal opened={open} notice={notice} onClose={close} consent={consent} onConsent={setConsent} busy={leaving} onContinue={(version) => void proceed(version)} />
        </Suspense>
      )}
    </>
  );
}
