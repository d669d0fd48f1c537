import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adjustmentReasonsQuery, useAdjustPoints, useSetMemberBlocked, type MemberSummary } from '@/entities/admin';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useT, type Translate } from '@/lib/i18n';
import { DEFAULT_ADJUSTMENT_REASONS } from '../../../../contracts/admin';
import { failedToast, savedToast } from '../kit/feedback';

/** The configured reasons are codes; the usual ones have words in both languages, a new one shows as written. */
export const reasonLabel = (reason: string, t: Translate) =>
  (DEFAULT_ADJUSTMENT_REASONS as readonly string[]).includes(reason) ? t(`backOffice.reason_${reason}` as 'backOffice.reason_goodwill') : reason;

/**
 * Points up or down with a reason from the configured list, an internal note and the line the member reads. One
 * Idempotency-Key per opened dialog: a retry after a lost answer adjusts once.
 */
export function AdjustDialog({ member, opened, onClose }: { member: MemberSummary; opened: boolean; onClose: () => void }) {
  const t = useT();
  const reasons = useQuery({ ...adjustmentReasonsQuery(), enabled: opened });
  const adjust = useAdjustPoints();
  const [key, setKey] = useState(newIdempotencyKey);
  const [points, setPoints] = useState<number | ''>('');
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [memberText, setMemberText] = useState('');
  const [touched, setTouched] = useState(false);
  const close = () => {
    setKey(newIdempotencyKey());
    setPoints('');
    setReason(null);
    setNote('');
    setMemberText('');
    setTouched(false);
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (points === '' || points === 0 || !reason) return;
    adjust.mutate(
      { customer: member.customer, points, reason, note: note.trim() || undefined, member_text: memberText.trim() || undefined, idempotencyKey: key },
      {
        onSuccess: (answer) => {
          savedToast('backOffice.adjusted', { points: answer.points, balance: answer.loyalty_points });
          close();
        },
        onError: failedToast,
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={t('backOffice.adjustTitle', { name: member.full_name })} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <NumberInput label={t('backOffice.adjustPoints')} description={t('backOffice.adjustPointsHint')} withAsterisk allowDecimal={false} min={-1_000_000} max={1_000_000} value={points} onChange={(v) => setPoints(v === '' ? '' : Number(v))} error={touched && (points === '' || points === 0) ? t('backOffice.required') : undefined} data-autofocus />
          <Select label={t('backOffice.adjustReason')} withAsterisk value={reason} onChange={setReason} data={(reasons.data?.reasons ?? []).map((r) => ({ value: r, label: reasonLabel(r, t) }))} error={touched && !reason ? t('backOffice.required') : undefined} comboboxProps={{ withinPortal: true }} />
          <TextInput label={t('backOffice.adjustMemberText')} description={t('backOffice.adjustMemberTextHint')} maxLength={200} value={memberText} onChange={(e) => setMemberText(e.currentTarget.value)} />
          <Textarea label={t('backOffice.adjustNote')} description={t('backOffice.adjustNoteHint')} maxLength={1000} autosize minRows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('backOffice.cancel')}
            </Button>
            <Button type="submit" loading={adjust.isPending}>
              {t('backOffice.adjustSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Blocking needs a reason (it signs the member out everywhere); unblocking restores the account. */
export function BlockDialog({ member, opened, onClose }: { member: MemberSummary; opened: boolean; onClose: () => void }) {
  const t = useT();
  const block = useSetMemberBlocked();
  const blocking = !member.blocked.blocked;
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const close = () => {
    setReason('');
    setTouched(false);
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (blocking && !reason.trim()) return;
    block.mutate(
      { customer: member.customer, blocked: blocking, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          savedToast(blocking ? 'backOffice.blockedDone' : 'backOffice.unblockedDone', { name: member.full_name });
          close();
        },
        onError: failedToast,
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={blocking ? t('backOffice.blockTitle', { name: member.full_name }) : t('backOffice.unblockTitle', { name: member.full_name })} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Textarea label={t('backOffice.blockReason')} description={blocking ? t('backOffice.blockHint') : undefined} withAsterisk={blocking} maxLength={500} autosize minRows={2} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={touched && blocking && !reason.trim() ? t('backOffice.required') : undefined} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('backOffice.cancel')}
            </Button>
            <Button type="submit" color={blocking ? 'red' : 'teal'} loading={block.isPending}>
              {blocking ? t('backOffice.block') : t('backOffice.unblock')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
