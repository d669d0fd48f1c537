import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useCancelRewardOrder } from '@/entities/orders/cancel';
import { errorText } from '@/lib/error-text';
import { formatNumber } from '@/lib/format/numbers';
import { useLang, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';

/**
 * Cancel on an unused reward order, behind a confirmation dialog: the points come back to the batches they were
 * spent from (their original expiry). The dialog cannot be dismissed while the cancellation runs.
 */
export function CancelReward({ order, points }: { order: string; points: number }) {
  const t = useT();
  const [lang] = useLang();
  const [open, setOpen] = useState(false);
  const cancel = useCancelRewardOrder();
  const count = formatNumber(points, lang);
  // The answer's promise, not mutate's per-call callbacks: those are dropped once this component unmounts, which
  // it does as soon as the cancellation's news refreshes the order (the realtime event can come before the answer).
  const confirm = () =>
    cancel.mutateAsync(order).then(
      (result) => {
        setOpen(false);
        toast({ status: 'success', title: t('pointLife.cancelDone'), description: t('pointLife.cancelDoneBody', { count: formatNumber(result.points_returned, lang) }) });
      },
      (error: unknown) => {
        setOpen(false);
        toast({ status: 'error', title: t('pointLife.cancelFailed'), description: errorText(error, t, { order_cancelled: t('pointLife.alreadyCancelled') }) });
      },
    );
  return (
    <>
      <Button variant="subtle" color="red" radius="xl" fullWidth onClick={() => setOpen(true)} data-testid="cancel-reward">
        {t('pointLife.cancelReward')}
      </Button>
      <Modal
        opened={open}
        onClose={() => !cancel.isPending && setOpen(false)}
        withCloseButton={!cancel.isPending}
        closeOnClickOutside={!cancel.isPending}
        closeOnEscape={!cancel.isPending}
        title={t('pointLife.cancelTitle')}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text mb="lg">{t('pointLife.cancelBody', { count })}</Text>
        <Group grow>
          <Button variant="default" radius="xl" onClick={() => setOpen(false)} disabled={cancel.isPending}>
            {t('pointLife.cancelKeep')}
          </Button>
          <Button color="red" radius="xl" loading={cancel.isPending} onClick={confirm}>
            {t('pointLife.cancelConfirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
