import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import { Button, Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT, type MessageKey } from '@/lib/i18n';
import { authorizeUrlQuery } from '../api';
import { LineIcon } from './line-icon';
import classes from './auth.module.css';

const SECTIONS: Array<[MessageKey, MessageKey]> = [
  ['auth.privacy1Title', 'auth.privacy1Body'],
  ['auth.privacy2Title', 'auth.privacy2Body'],
  ['auth.privacy3Title', 'auth.privacy3Body'],
  ['auth.privacy4Title', 'auth.privacy4Body'],
];

export interface LineLoginProps {
  /** Where the app continues after LINE while the phone is not verified yet. */
  after?: '/phonverify' | '/signup';
  label?: MessageKey;
}

/**
 * The LINE button and the privacy-policy modal (spec §2 login, §4 login modal): the authorize address is
 * fetched when the screen opens; the button opens the modal; Continue stays disabled and grey until the
 * consent box is ticked, then sends the browser to LINE. The modal can be dismissed.
 */
export function LineLogin({ after = '/phonverify', label = 'auth.loginWithLine' }: LineLoginProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const authorize = useQuery(authorizeUrlQuery(after));
  const [open, setOpen] = useState(false);
  const [consent, setConsent] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const close = () => {
    setOpen(false);
    setConsent(false);
  };

  const proceed = async () => {
    setLeaving(true);
    try {
      // A fresh address when the one fetched on load is old (its state cookie lasts 10 minutes).
      const url = authorize.data && !authorize.isStale ? authorize.data : await queryClient.fetchQuery({ ...authorizeUrlQuery(after), staleTime: 0 });
      window.location.assign(url);
    } catch {
      // Spec §8: authorize-address failures are silent; the member can try again.
      setLeaving(false);
    }
  };

  return (
    <>
      <Button fullWidth radius="xl" size="lg" className={classes.lineButton} leftSection={<LineIcon size={26} />} onClick={() => setOpen(true)}>
        {t(label)}
      </Button>
      <Modal opened={open} onClose={close} title={t('auth.privacyTitle')} centered radius="lg" size="md" closeButtonProps={{ 'aria-label': t('common.close') }}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('auth.privacyIntro')}
          </Text>
          <div className={classes.policy} tabIndex={0} role="region" aria-label={t('auth.privacyTitle')}>
            {SECTIONS.map(([title, body]) => (
              <section key={title}>
                <h3>{t(title)}</h3>
                <p>{t(body)}</p>
              </section>
            ))}
          </div>
          <Checkbox checked={consent} onChange={(e) => setConsent(e.currentTarget.checked)} label={t('auth.consentLabel')} size="md" />
          <Button fullWidth size="md" radius="xl" disabled={!consent} loading={leaving} onClick={() => void proceed()}>
            {t('auth.continue')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
