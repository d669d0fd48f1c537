import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Button, Group, Modal, Text, type ButtonProps } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSignOut } from '@/entities/session';
import { useT } from '@/lib/i18n';

/**
 * The logout button of /my-account with its confirmation dialog: confirming clears the
 * user, storage and session, then goes to /login. `beforeSignOut` runs first while still signed in (this device
 * stops receiving the member's notifications).
 */
export function LogoutButton({ beforeSignOut, ...props }: ButtonProps & { beforeSignOut?: () => Promise<unknown> }) {
  const t = useT();
  const navigate = useNavigate();
  const logout = useSignOut({ beforeSignOut, onSettled: () => navigate({ to: '/login', replace: true }) });
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" color="red" radius="xl" size="md" fullWidth {...props} onClick={() => setOpen(true)}>
        {t('auth.logout')}
      </Button>
      <Modal
        opened={open}
        onClose={() => !logout.isPending && setOpen(false)}
        title={t('auth.logoutTitle')}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text mb="lg">{t('auth.logoutConfirm')}</Text>
        <Group grow>
          <Button variant="default" radius="xl" onClick={() => setOpen(false)} disabled={logout.isPending}>
            {t('auth.logoutCancel')}
          </Button>
          <Button color="red" radius="xl" loading={logout.isPending} onClick={() => logout.mutate()}>
            {t('auth.logout')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
