import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Button, Modal } from '@mantine/core';
import { useState } from 'react';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { PhoneVerify } from './phone-verify';

/** The change-phone steps of /edit-profile: a new 10-digit number, then its code. */
export function ChangePhoneDialog() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" size="xs" radius="xl" onClick={() => setOpen(true)}>
        {t('auth.changePhone')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('auth.changePhone')} centered radius="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
        {open && (
          <PhoneVerify
            mode="change"
            embedded
            onDone={() => {
              setOpen(false);
              toast({ title: t('auth.phoneChanged'), status: 'success' });
            }}
          />
        )}
      </Modal>
    </>
  );
}
