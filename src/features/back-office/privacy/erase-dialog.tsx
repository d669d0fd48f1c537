import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Group, List, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEraseMember, useSendErasureCode } from '@/entities/admin/privacy';
import { formatNumber } from '@/lib/format/numbers';
import { isFrappeClientError } from '@/lib/frappe';
import { useLang, useT } from '@/lib/i18n';
import { PRIVACY_ERASE_MEMBER } from '../../../../contracts/privacy';
import { adminErrorText, savedToast } from '../kit/feedback';
import { contractCheck, ModalForm } from '../kit/modal-form';

type Confirmation = 'code' | 'reason';

interface EraseValues {
  by: Confirmation;
  otp: string;
  reason: string;
}

/** What the server is sent: the code or the reason, whichever the manager chose (never both). */
export const eraseArgs = (customer: string, f: EraseValues) =>
  f.by === 'code' ? { customer, otp: f.otp.trim() } : { customer, reason: f.reason.trim() };

/** The contract's check, and the chosen confirmation is required (the contract leaves that to the server: either will do). */
export function eraseCheck(customer: string, say: { required: string; codeInvalid: string; tooLong: string }) {
  const contract = contractCheck(PRIVACY_ERASE_MEMBER.args, (f: EraseValues) => eraseArgs(customer, f), say.required, {
    'Enter the 6-digit code from the SMS': say.codeInvalid,
    'The reason is too long': say.tooLong,
  });
  return (f: EraseValues) => {
    const errors = contract(f);
    if (f.by === 'code' && !f.otp.trim()) errors.otp = say.codeInvalid;
    if (f.by === 'reason' && !f.reason.trim()) errors.reason = say.required;
    return errors;
  };
}

/**
 * Why a code could not be sent, for the manager: a member without a verified phone is confirmed by a written reason
 * instead (the errors catalogue's sentence for phone_not_verified speaks to a member about their own orders).
 */
const sendRefusal = (error: unknown, t: ReturnType<typeof useT>) =>
  isFrappeClientError(error) && error.code === 'phone_not_verified' ? t('privacyAdmin.noVerifiedPhone') : adminErrorText(error);

/**
 * Erasing a member on their request: what erasure does, said before anything happens; then the member's
 * confirmation, a one-time code sent to their verified phone that they tell the manager, or, when that is not
 * possible, the manager's written reason. The server audits it either way.
 */
export function EraseDialog({ customer, name, onClose }: { customer: string; name: string; onClose: () => void }) {
  const t = useT();
  const [lang] = useLang();
  const send = useSendErasureCode();
  const erase = useEraseMember();
  const form = useForm<EraseValues>({
    initialValues: { by: 'code', otp: '', reason: '' },
    validate: eraseCheck(customer, { required: t('privacyAdmin.required'), codeInvalid: t('privacyAdmin.codeInvalid'), tooLong: t('privacyAdmin.tooLong') }),
  });
  const save = (values: EraseValues) =>
    erase.mutate(eraseArgs(customer, values), {
      onSuccess: (answer) => {
        savedToast('privacyAdmin.erased', { points: formatNumber(answer.points_forfeited, lang), rewards: formatNumber(answer.cancelled_rewards.length, lang) });
        onClose();
      },
    });
  const byCode = form.values.by === 'code';
  return (
    <ModalForm
      title={t('privacyAdmin.eraseTitle', { name })}
      onClose={onClose}
      onSubmit={form.onSubmit(save)}
      submitLabel={t('privacyAdmin.eraseSubmit')}
      submitColor="red"
      pending={erase.isPending}
      error={erase.error}
      errorTestId="erase-error"
    >
      <Alert color="red" data-testid="erase-what">
        <Text fw={600} size="sm">
          {t('privacyAdmin.eraseWhat')}
        </Text>
        <List size="sm" mt={4}>
          <List.Item>{t('privacyAdmin.eraseWhat1')}</List.Item>
          <List.Item>{t('privacyAdmin.eraseWhat2')}</List.Item>
          <List.Item>{t('privacyAdmin.eraseWhat3')}</List.Item>
          <List.Item>{t('privacyAdmin.eraseWhat4')}</List.Item>
        </List>
        <Text size="sm" fw={600} mt={4}>
          {t('privacyAdmin.eraseFinal')}
        </Text>
      </Alert>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="erase-by">
          {t('privacyAdmin.confirmBy')}
        </Text>
        <SegmentedControl
          aria-labelledby="erase-by"
          fullWidth
          orientation="vertical"
          data={[
            { value: 'code', label: t('privacyAdmin.byCode') },
            { value: 'reason', label: t('privacyAdmin.byReason') },
          ]}
          {...form.getInputProps('by')}
        />
      </Stack>
      {byCode ? (
        <Stack gap="xs">
          <Group>
            <Button variant="light" loading={send.isPending} onClick={() => send.mutate({ customer })}>
              {send.isSuccess ? t('privacyAdmin.sendAgain') : t('privacyAdmin.sendCode')}
            </Button>
          </Group>
          {send.isError ? (
            <Text size="sm" c="red" role="alert" data-testid="erase-code-refused">
              {sendRefusal(send.error, t)}
            </Text>
          ) : null}
          {send.data ? (
            <Text size="sm" data-testid="erase-code-sent">
              {t('privacyAdmin.codeSent', { phone: send.data.phone })}
            </Text>
          ) : null}
          <TextInput label={t('privacyAdmin.code')} inputMode="numeric" autoComplete="off" maxLength={6} withAsterisk {...form.getInputProps('otp')} />
        </Stack>
      ) : (
        <Textarea label={t('privacyAdmin.reason')} description={t('privacyAdmin.reasonHint')} withAsterisk maxLength={500} autosize minRows={2} {...form.getInputProps('reason')} />
      )}
    </ModalForm>
  );
}
