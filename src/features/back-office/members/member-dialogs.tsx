import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { useState } from 'react';
import { NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { adjustmentReasonsQuery, useAdjustPoints, useSetMemberBlocked, type MemberSummary } from '@/entities/admin';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useT, type Translate } from '@/lib/i18n';
import { AdjustPointsArgs, DEFAULT_ADJUSTMENT_REASONS, SetMemberBlockedArgs } from '../../../../contracts/admin';
import { failedToast, savedToast } from '../kit/feedback';
import { contractCheck, ModalForm } from '../kit/modal-form';

/** The configured reasons are codes; the usual ones have words in both languages, a new one shows as written. */
export const reasonLabel = (reason: string, t: Translate) =>
  (DEFAULT_ADJUSTMENT_REASONS as readonly string[]).includes(reason) ? t(`backOffice.reason_${reason}` as 'backOffice.reason_goodwill') : reason;

interface AdjustValues {
  points: number | '';
  reason: string | null;
  member_text: string;
  note: string;
}

const NO_ADJUSTMENT: AdjustValues = { points: '', reason: null, member_text: '', note: '' };

/**
 * Points up or down with a reason from the configured list, an internal note and the line the member reads. One
 * Idempotency-Key per opened dialog: a retry after a lost answer adjusts once.
 */
export function AdjustDialog({ member, opened, onClose }: { member: MemberSummary; opened: boolean; onClose: () => void }) {
  const t = useT();
  const reasons = useQuery({ ...adjustmentReasonsQuery(), enabled: opened });
  const adjust = useAdjustPoints();
  const [key, setKey] = useState(newIdempotencyKey);
  const argsOf = (f: AdjustValues) => ({ customer: member.customer, points: f.points, reason: f.reason ?? '', note: f.note.trim() || undefined, member_text: f.member_text.trim() || undefined });
  const form = useForm<AdjustValues>({ initialValues: NO_ADJUSTMENT, validate: contractCheck(AdjustPointsArgs, argsOf, t('backOffice.required')) });
  const close = () => {
    setKey(newIdempotencyKey());
    form.reset();
    onClose();
  };
  const save = (values: AdjustValues) =>
    adjust.mutate(
      { ...argsOf(values), points: Number(values.points), idempotencyKey: key },
      {
        onSuccess: (answer) => {
          savedToast('backOffice.adjusted', { points: answer.points, balance: answer.loyalty_points });
          close();
        },
        onError: failedToast,
      },
    );
  return (
    <ModalForm opened={opened} title={t('backOffice.adjustTitle', { name: member.full_name })} onClose={close} onSubmit={form.onSubmit(save)} submitLabel={t('backOffice.adjustSubmit')} pending={adjust.isPending}>
      <NumberInput label={t('backOffice.adjustPoints')} description={t('backOffice.adjustPointsHint')} withAsterisk allowDecimal={false} min={-1_000_000} max={1_000_000} {...form.getInputProps('points')} data-autofocus />
      <Select label={t('backOffice.adjustReason')} withAsterisk {...form.getInputProps('reason')} data={(reasons.data?.reasons ?? []).map((r) => ({ value: r, label: reasonLabel(r, t) }))} comboboxProps={{ withinPortal: true }} />
      <TextInput label={t('backOffice.adjustMemberText')} description={t('backOffice.adjustMemberTextHint')} maxLength={200} {...form.getInputProps('member_text')} />
      <Textarea label={t('backOffice.adjustNote')} description={t('backOffice.adjustNoteHint')} maxLength={1000} autosize minRows={2} {...form.getInputProps('note')} />
    </ModalForm>
  );
}

/** Blocking needs a reason (it signs the member out everywhere); unblocking restores the account. */
export function BlockDialog({ member, opened, onClose }: { member: MemberSummary; opened: boolean; onClose: () => void }) {
  const t = useT();
  const block = useSetMemberBlocked();
  const blocking = !member.blocked.blocked;
  const argsOf = ({ reason }: { reason: string }) => ({ customer: member.customer, blocked: blocking, reason: reason.trim() || undefined });
  // The contract's rule "a block needs a reason" is about the whole call: its message belongs to the reason's box.
  const form = useForm({ initialValues: { reason: '' }, validate: contractCheck(SetMemberBlockedArgs, argsOf, t('backOffice.required'), {}, 'reason') });
  const close = () => {
    form.reset();
    onClose();
  };
  // A promise, not mutate's callbacks: the answer refreshes the member, whose new blocked state remounts this dialog
  // (the page keys it by that state) before mutate's callbacks would run, and a remounted dialog never hears them,
  // so it stayed open as the opposite dialog.
  const save = (values: { reason: string }) =>
    block.mutateAsync(argsOf(values)).then(() => {
      savedToast(blocking ? 'backOffice.blockedDone' : 'backOffice.unblockedDone', { name: member.full_name });
      close();
    }, failedToast);
  return (
    <ModalForm
      opened={opened}
      title={blocking ? t('backOffice.blockTitle', { name: member.full_name }) : t('backOffice.unblockTitle', { name: member.full_name })}
      onClose={close}
      onSubmit={form.onSubmit(save)}
      submitLabel={blocking ? t('backOffice.block') : t('backOffice.unblock')}
      submitColor={blocking ? 'red' : 'teal'}
      pending={block.isPending}
    >
      <Textarea label={t('backOffice.blockReason')} description={blocking ? t('backOffice.blockHint') : undefined} withAsterisk={blocking} maxLength={500} autosize minRows={2} {...form.getInputProps('reason')} data-autofocus />
    </ModalForm>
  );
}
