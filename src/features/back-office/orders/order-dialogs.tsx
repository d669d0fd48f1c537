import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { useState } from 'react';
import { Autocomplete, NumberInput, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { adminKeys, type ManagedOrder } from '@/entities/admin';
import { orderKeys } from '@/entities/orders';
import { useCancelOrder, useRefundOrder } from '@/entities/orders/cancel';
import { formatBahtIn, formatNumber } from '@/lib/format/numbers';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useLang, useT } from '@/lib/i18n';
import { CancelOrderArgs, RefundOrderArgs } from '../../../../contracts/order-lifecycle';
import { savedToast } from '../kit/feedback';
import { contractCheck, ModalForm } from '../kit/modal-form';
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

/** A manager cancels an unused reward or an unpaid purchase; the dialog says what happens to the points first. */
export function CancelDialog({ order, opened, onClose }: { order: ManagedOrder; opened: boolean; onClose: () => void }) {
  const t = useT();
  const [lang] = useLang();
  const cancel = useCancelOrder();
  const refreshMember = useRefreshMember();
  const argsOf = ({ reason }: { reason: string }) => ({ order: order.name, reason: reason.trim() });
  const form = useForm({ initialValues: { reason: '' }, validate: contractCheck(CancelOrderArgs, argsOf, t('backOffice.required')) });
  const close = () => {
    form.reset();
    cancel.reset();
    onClose();
  };
  const save = (values: { reason: string }) =>
    cancel.mutate(argsOf(values), {
      onSuccess: (answer) => {
        refreshMember();
        savedToast('backOffice.cancelledDone', { name: order.name, points: formatNumber(answer.points_returned, lang) });
        close();
      },
      // A refusal (already cancelled, handed over meanwhile) also means the page is out of date.
      onError: refreshMember,
    });
  return (
    <ModalForm
      opened={opened}
      title={t('backOffice.cancelTitle', { name: order.name })}
      onClose={close}
      onSubmit={form.onSubmit(save)}
      cancelLabel={t('backOffice.keepOrder')}
      submitLabel={t('backOffice.cancelConfirm')}
      submitColor="red"
      pending={cancel.isPending}
      error={cancel.error}
      errorTestId="order-action-error"
    >
      <Text data-testid="cancel-points-text">
        {order.loyalty_points > 0 ? t('backOffice.cancelPointsBack', { points: formatNumber(order.loyalty_points, lang) }) : t('backOffice.cancelNoPoints')}
      </Text>
      <Autocomplete
        label={t('backOffice.cancelReason')}
        description={t('backOffice.cancelReasonHint')}
        withAsterisk
        maxLength={500}
        data={PRESETS.map((key) => t(key))}
        {...form.getInputProps('reason')}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
    </ModalForm>
  );
}

interface RefundValues {
  amount: number | '';
  reason: string;
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
  const argsOf = (f: RefundValues) => ({ order: order.name, amount: f.amount, reason: f.reason.trim() });
  const byContract = contractCheck(RefundOrderArgs, argsOf, t('backOffice.required'));
  const form = useForm<RefundValues>({
    initialValues: { amount: '', reason: '' },
    // The contract's rules, and what only this order knows: no more than is left to refund.
    validate: (values) => ({
      ...byContract(values),
      ...(values.amount !== '' && values.amount > left ? { amount: t('backOffice.refundTooMuch', { left: formatBahtIn(left, lang) }) } : {}),
    }),
  });
  const close = () => {
    setKey(newIdempotencyKey());
    form.reset();
    refund.reset();
    onClose();
  };
  const save = (values: RefundValues) =>
    refund.mutate(
      { order: order.name, amount: Number(values.amount), reason: values.reason.trim(), idempotencyKey: key },
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
  return (
    <ModalForm
      opened={opened}
      title={t('backOffice.refundTitle', { name: order.name })}
      onClose={close}
      onSubmit={form.onSubmit(save)}
      submitLabel={t('backOffice.refundSubmit')}
      pending={refund.isPending}
      error={refund.error}
      errorTestId="order-action-error"
    >
      <Text fw={600} data-testid="refund-left">
        {t('backOffice.refundLeft', { left: formatBahtIn(left, lang), total: formatBahtIn(order.grand_total, lang) })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('backOffice.refundPointsText')}
      </Text>
      <NumberInput label={t('backOffice.refundAmountLabel')} withAsterisk min={0.01} max={left} clampBehavior="none" decimalScale={2} {...form.getInputProps('amount')} data-autofocus />
      <Textarea label={t('backOffice.refundReason')} withAsterisk maxLength={500} autosize minRows={2} {...form.getInputProps('reason')} />
    </ModalForm>
  );
}
