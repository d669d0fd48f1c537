import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import { Button, Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useT, type MessageKey } from '@/lib/i18n';
import classes from './auth.module.css';

const SECTIONS: Array<[MessageKey, MessageKey]> = [
  ['auth.privacy1Title', 'auth.privacy1Body'],
  ['auth.privacy2Title', 'auth.privacy2Body'],
  ['auth.privacy3Title', 'auth.privacy3Body'],
  ['auth.privacy4Title', 'auth.privacy4Body'],
];

export interface PrivacyModalProps {
  opened: boolean;
  onClose: () => void;
  consent: boolean;
  onConsent: (checked: boolean) => void;
  leaving: boolean;
  onContinue: () => void;
}

/**
 * The privacy-policy modal of the LINE button. Its own chunk: the Modal, its overlay, scroll
 * area and the checkbox are loaded when the screen is idle or the button is pressed, not with /login's first paint.
 */
export default function PrivacyModal({ opened, onClose, consent, onConsent, leaving, onContinue }: PrivacyModalProps) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t('auth.privacyTitle')} centered radius="lg" size="md" closeButtonProps={{ 'aria-label': t('common.close') }}>
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
        <Checkbox checked={consent} onChange={(e) => onConsent(e.currentTarget.checked)} label={t('auth.consentLabel')} size="md" />
        <Button fullWidth size="md" radius="xl" disabled={!consent} loading={leaving} onClick={onContinue}>
          {t('auth.continue')}
        </Button>
      </Stack>
    </Modal>
  );
}
