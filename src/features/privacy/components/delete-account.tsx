import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { OtpInput } from '@/components/otp-input';
import { useConfirmDeletion, useRequestDeletion } from '@/entities/privacy/my-data';
import { useSignOut } from '@/entities/session';
import { errorText } from '@/lib/error-text';
import { formatNumber } from '@/lib/format/numbers';
import { useLang, useT } from '@/lib/i18n';
import { OTP_LENGTH } from '../../../../contracts/account';
import classes from './privacy.module.css';

export interface DeleteAccountProps {
  opened: boolean;
  onClose: () => void;
  /** Runs before the device is signed out (this device stops receiving the member's notifications). */
  beforeSignOut?: () => Promise<unknown>;
}

/**
 * Deleting the account: what it does (points forfeited, uncollected rewards cancelled, orders kept without the
 * member's name), then a one-time code to the verified phone, then the code. Once erased, the device is signed out
 * the way every sign-out clears it (the session entity) and the member lands on /login, which says so.
 */
export function DeleteAccount({ opened, onClose, beforeSignOut }: DeleteAccountProps) {
  const t = useT();
  const [lang] = useLang();
  const navigate = useNavigate();
  const request = useRequestDeletion();
  const confirm = useConfirmDeletion();
  const signOut = useSignOut({ beforeSignOut, onSettled: () => navigate({ to: '/login', search: { deleted: true }, replace: true }) });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  // The first code's answer: what erasure will do (a resend answers the same, and its failure keeps this step).
  const [sent, setSent] = useState<typeof request.data>(undefined);
  const send = () => request.mutate(undefined, { onSuccess: (answer) => setSent(answer) });
  const busy = confirm.isPending || signOut.isPending || confirm.isSuccess;

  const close = () => {
    if (busy) return;
    request.reset();
    confirm.reset();
    setSent(undefined);
    setCode('');
    setCodeError(null);
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== OTP_LENGTH) {
      setCodeError(t('privacy.enterCode'));
      return;
    }
    confirm.mutate(code, {
      onSuccess: () => signOut.mutate(),
      onError: (error) => setCodeError(errorText(error, t)),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('privacy.deleteTitle')} centered radius="lg" size="md" closeButtonProps={{ 'aria-label': t('common.close') }}>
      {!sent ? (
        <Stack gap="md">
          <Text size="sm" fw={600}>
            {t('privacy.deleteIntro')}
          </Text>
          <ul className={classes.list}>
            <li>{t('privacy.deletePoints')}</li>
            <li>{t('privacy.deleteRewards')}</li>
            <li>{t('privacy.deleteOrders')}</li>
            <li>{t('privacy.deletePersonal')}</li>
            <li>{t('privacy.deleteDevices')}</li>
          </ul>
          {request.isError && (
            <Alert color="red" role="alert" radius="md">
              {errorText(request.error, t)}
            </Alert>
          )}
          {/* One above the other: side by side, the Thai label does not fit a phone's half width. */}
          <Stack gap="xs">
            <Button color="red" radius="xl" loading={request.isPending} onClick={send}>
              {t('privacy.deleteSendCode')}
            </Button>
            <Button variant="default" radius="xl" onClick={close}>
              {t('privacy.cancel')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" role="status">
              {t('privacy.deleteCodeSent', { phone: sent.phone })}
            </Text>
            <Stack gap={4}>
              <Text size="sm" fw={600} data-testid="delete-forfeit">
                {t('privacy.deleteForfeit', { points: formatNumber(sent.points_to_forfeit, lang) })}
              </Text>
              {sent.uncollected_rewards.length > 0 && (
                <Text size="sm">{t('privacy.deleteUncollected', { count: formatNumber(sent.uncollected_rewards.length, lang) })}</Text>
              )}
            </Stack>
            <OtpInput
              compact
              label={t('auth.codeLabel')}
              value={code}
              onChange={(digits) => {
                setCode(digits);
                if (codeError) setCodeError(null);
              }}
              error={codeError}
            />
            <Button type="submit" color="red" radius="xl" loading={busy}>
              {t('privacy.deleteConfirm')}
            </Button>
            <Group grow>
              <Button variant="default" radius="xl" onClick={close} disabled={busy}>
                {t('privacy.cancel')}
              </Button>
              <Button variant="subtle" radius="xl" loading={request.isPending} disabled={busy} onClick={send}>
                {t('auth.resend')}
              </Button>
            </Group>
            {request.isError && (
              <Alert color="red" role="alert" radius="md">
                {errorText(request.error, t)}
              </Alert>
            )}
          </Stack>
        </form>
      )}
    </Modal>
  );
}
