import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Alert.css';
import { useState, type ReactNode } from 'react';
import { Alert, Autocomplete, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { adminKeys, type ManagedOrder } from '@/entities/admin';
import { orderKeys } from '@/entities/orders';
import { useCancelOrder, useRefundOrder } from '@/entities/orders/cancel';
import { formatBahtIn, formatNumber } from '@/lib/format/numbers';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useLang, useT } from '@/lib/i18n';
import { adminErrorText, savedToast } from '../kit/feedback';
import { leftToRefund } from './order-rules';

const PRESETS = ['backOffice.cancelPreset_member', 'backOffice.cancelPreset_stock', 'backOffice.cancelPreset_transfer'] as const;

/**
 * The member's page shows their balance: it is read again after a cancellation or a refund. After a refusal the
 * order changed meanwhile (cancelled by the member, handed over): the order is read again too.
 */
function useRefreshMember() {
  const queryClient = useQueryClient();
  return () => void Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.all }), queryClient.invalidateQueries({ queryKey: orderKeys.all })]);
}

function DialogForm({ onSubmit, error, children }: { onSubmit: () => void; error: unknown; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">
        {children}
        {error ? (
          <Alert color="red" data-testid="order-action-error">
            {adminErrorText(error)}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

/** A manager cancels an unused reward or an unpaid purchase; the dialog says what happens to the points first. */
export function CancelDialog({ order, opened, onClose }: { order: ManagedOrder; opened: boolean; onClose: () => void }) {
  const t = useT();
  const [lang] = useLang();
  const cancel = useCancelOrder();
  const refreshMember = useRefreshMember();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const close = () => {
    setReason('');
    setTouched(false);
    cancel.reset();
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (!reason.trim()) return;
    cancel.mutate(
      { order: order.name, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          refreshMember();
          savedToast('backOffice.cancelledDone', { name: order.name, points: formatNumber(answer.points_returned, lang) });
          close();
        },
        // A refusal (already cancelled, handed over meanwhile) also means the page is out of date.
        onError: refreshMember,
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={t('backOffice.cancelTitle', { name: order.name })} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <DialogForm onSubmit={submit} error={cancel.error}>
        <Text data-testid="cancel-points-text">
          {order.loyalty_points > 0 ? t('backOffice.cancelPointsBack', { points: formatNumber(order.loyalty_points, lang) }) : t('backOffice.cancelNoPoints')}
        </Text>
        <Autocomplete
          label={t('backOffice.cancelReason')}
          description={t('backOffice.cancelReasonHint')}
          withAsterisk
          maxLength={500}
          data={PRESETS.map((key) => t(key))}
          value={reason}
          onChange={setReason}
          error={touched && !reason.trim() ? t('backOffice.required') : undefined}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('backOffice.keepOrder')}
          </Button>
          <Button type="submit" color="red" loading={cancel.isPending}>
            {t('backOffice.cancelConfirm')}
          </Button>
        </Group>
      </DialogForm>
    </Modal>
  );
}

/**
 * A refund of part or all of what is left of a paid purchase. One Idempotency-Key per opened dialog: a click retried
 * after a lost answer refunds once; the next refund, opened afresh, is a new one.
 */
export function RefundDialog({ order, opened, onClose }: { order: ManagedOrder; opened: boolean; onClose: () => void }) {
  const t = useT();
  const [lang] = useLang();
  const refund = useRefundOrder();
  const refreshMember = useRefreshMember();
  const left = leftToRefund(order);
  const [key, setKey] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState<number | ''>('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const close = () => {
    setKey(newIdempotencyKey());
    setAmount('');
    setReason('');
    setTouched(false);
    refund.reset();
    onClose();
  };
  const amountError = amount === '' || amount <= 0 ? t('backOffice.required') : amount > left ? t('backOffice.refundTooMuch', { left: formatBahtIn(left, lang) }) : undefined;
  const submit = () => {
    setTouched(true);
    if (amountError || !reason.trim() || amount === '') return;
    refund.mutate(
      { order: order.name, amount, reason: reason.trim(), idempotencyKey: key },
      {
        onSuccess: ({ refund: r }) => {
          refreshMember();
          const params = { amount: formatBahtIn(r.amount, lang), points: formatNumber(r.points_reversed, lang), shortfall: formatNumber(r.points_shortfall, lang) };
          savedToast(r.points_shortfall > 0 ? 'backOffice.refundDoneShortfall' : 'backOffice.refundDone', params);
          close();
        },
        onError: refreshMember,
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={t('backOffice.refundTitle', { name: order.name })} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <DialogForm onSubmit={submit} error={refund.error}>
        <Text fw={600} data-testid="refund-left">
          {t('backOffice.refundLeft', { left: formatBahtIn(left, lang), total: formatBahtIn(order.grand_total, lang) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('backOffice.refundPointsText')}
        </Text>
        <NumberInput
          label={t('backOffice.refundAmountLabel')}
          withAsterisk
          min={0.01}
          max={left}
          clampBehavior="none"
          decimalScale={2}
          value={amount}
          onChange={(v) => setAmount(v === '' ? '' : Number(v))}
          error={touched ? amountError : undefined}
          data-autofocus
        />
        <Textarea
          label={t('backOffice.refundReason')}
          withAsterisk
          maxLength={500}
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={touched && !reason.trim() ? t('backOffice.required') : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('backOffice.cancel')}
          </Button>
          <Button type="submit" loading={refund.isPending}>
            {t('backOffice.refundSubmit')}
          </Button>
        </Group>
      </DialogForm>
    </Modal>
  );
}
