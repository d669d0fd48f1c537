import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import { useMemo, useState } from 'react';
import { useForm, type FormErrors } from '@mantine/form';
import { Alert, Button, Group, Modal, MultiSelect, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { branchesQuery } from '@/entities/branches';
import { usePreviewBroadcast, useSendBroadcast, type BroadcastPreview } from '@/entities/broadcast';
import { rulesQuery } from '@/entities/programme';
import { errorText } from '@/lib/error-text';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useT } from '@/lib/i18n';
import { PRODUCT_TOAST_MS, toast } from '@/lib/toast';
import { checkDraft, EMPTY_DRAFT, toInput, type Draft } from './compose';
import { BroadcastHistory } from './broadcast-history';
import { PageHead } from '../kit/page-head';
import { Section } from '../kit/section';

/**
 * /admin/broadcasts: compose a campaign message for a segment, preview who it reaches on which channel and how it
 * reads, then send it once (one Idempotency-Key per composed message; a changed draft needs a new preview).
 */
export function BroadcastScreen() {
  const t = useT();
  const branches = useQuery(branchesQuery());
  const rules = useQuery(rulesQuery());
  const preview = usePreviewBroadcast();
  const send = useSendBroadcast();
  const form = useForm<Draft>({
    initialValues: EMPTY_DRAFT,
    validate: (values): FormErrors => Object.fromEntries(Object.entries(checkDraft(values)).map(([field, error]) => [field, t(error.key, error.params)])),
  });
  const draft = form.values;
  const [previewed, setPreviewed] = useState<{ input: string; answer: BroadcastPreview } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);

  const input = useMemo(() => toInput(draft), [draft]);
  const current = previewed !== null && previewed.input === JSON.stringify(input);
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => form.setFieldValue(field, value as never);
  const errorOf = (field: keyof Draft) => form.errors[field];
  const refusal = (error: unknown) => errorText(error, t, { broadcast_rate_limited: t('broadcast.rateLimited') });

  const runPreview = () => {
    if (form.validate().hasErrors) return;
    preview.mutate(input, { onSuccess: (answer) => setPreviewed({ input: JSON.stringify(input), answer }) });
  };

  const runSend = () => {
    send.mutate(
      { input, key },
      {
        onSuccess: (sent) => {
          setConfirming(false);
          toast({ status: 'success', title: t('broadcast.sentTitle'), description: t('broadcast.sentText', { queued: sent.queued }), duration: PRODUCT_TOAST_MS, isClosable: true });
          form.reset();
          setPreviewed(null);
          setKey(newIdempotencyKey());
        },
        onError: (error) => {
          setConfirming(false);
          toast({ status: 'error', title: t('broadcast.failedTitle'), description: refusal(error), duration: PRODUCT_TOAST_MS, isClosable: true });
        },
      },
    );
  };

  const reachable = previewed?.answer.reachable ?? 0;

  return (
    <Stack gap="lg" maw={960}>
      <PageHead
        title={t('broadcast.title')}
        mb={0}
        sub={t('broadcast.intro')}
      />

      <Section title={t('broadcast.segment')} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label={t('broadcast.tiers')}
            description={t('broadcast.tiersHint')}
            data={(rules.data?.current.rules.tiers ?? []).map((tier) => tier.name)}
            value={draft.tiers}
            onChange={(tiers) => set('tiers', tiers)}
            clearable
          />
          <MultiSelect
            label={t('broadcast.branches')}
            description={t('broadcast.branchesHint')}
            data={(branches.data ?? []).map((b) => ({ value: b.name, label: String(b.branch_name ?? b.name) }))}
            value={draft.branches}
            onChange={(list) => set('branches', list)}
            searchable
            clearable
          />
        </SimpleGrid>
        <Group mt="md" align="flex-end">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('broadcast.activity')}
            </Text>
            <SegmentedControl
              value={draft.activity}
              onChange={(activity) => set('activity', activity as Draft['activity'])}
              data={[
                { value: 'any', label: t('broadcast.activityAny') },
                { value: 'active', label: t('broadcast.activityActive') },
                { value: 'inactive', label: t('broadcast.activityInactive') },
              ]}
            />
          </Stack>
          {draft.activity !== 'any' && (
            <NumberInput label={t('broadcast.days')} value={draft.days} onChange={(days) => set('days', days)} min={1} max={3650} allowDecimal={false} w={140} error={errorOf('days')} />
          )}
        </Group>
      </Section>

      <Section title={t('broadcast.message')} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('broadcast.titleTh')} withAsterisk value={draft.titleTh} onChange={(e) => set('titleTh', e.currentTarget.value)} error={errorOf('titleTh')} />
          <TextInput label={t('broadcast.titleEn')} withAsterisk value={draft.titleEn} onChange={(e) => set('titleEn', e.currentTarget.value)} error={errorOf('titleEn')} />
          <Textarea label={t('broadcast.bodyTh')} withAsterisk autosize minRows={3} value={draft.bodyTh} onChange={(e) => set('bodyTh', e.currentTarget.value)} error={errorOf('bodyTh')} />
          <Textarea label={t('broadcast.bodyEn')} withAsterisk autosize minRows={3} value={draft.bodyEn} onChange={(e) => set('bodyEn', e.currentTarget.value)} error={errorOf('bodyEn')} />
        </SimpleGrid>
        <TextInput mt="md" label={t('broadcast.url')} description={t('broadcast.urlHint')} placeholder="/reward-history" value={draft.url} onChange={(e) => set('url', e.currentTarget.value)} error={errorOf('url')} />
        <Group mt="md">
          <Button variant="light" onClick={runPreview} loading={preview.isPending}>
            {t('broadcast.preview')}
          </Button>
        </Group>
        {preview.isError && (
          <Alert color="red" role="alert" mt="md">
            {refusal(preview.error)}
          </Alert>
        )}
      </Section>

      {previewed && (
        <Paper withBorder p="md" radius="md" data-testid="broadcast-preview">
          <Title order={2} size="h4" mb="sm">
            {t('broadcast.previewTitle')}
          </Title>
          <Text fw={600} data-testid="broadcast-reach">
            {t('broadcast.reach', { members: previewed.answer.members, reachable: previewed.answer.reachable, webpush: previewed.answer.webpush, line: previewed.answer.line })}
          </Text>
          <Text size="sm" c="dimmed" data-testid="broadcast-left-out">
            {t('broadcast.leftOut', { count: previewed.answer.left_out_no_consent })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
            {(['th', 'en'] as const).map((lang) => (
              <Paper key={lang} withBorder p="sm" radius="md" lang={lang}>
                <Text fw={700}>{previewed.answer.sample[lang].title}</Text>
                <Text size="sm">{previewed.answer.sample[lang].body}</Text>
              </Paper>
            ))}
          </SimpleGrid>
          {!current && (
            <Alert color="yellow" mt="md">
              {t('broadcast.previewStale')}
            </Alert>
          )}
          {current && previewed.answer.reachable === 0 && (
            <Alert color="yellow" mt="md">
              {t('broadcast.nobody')}
            </Alert>
          )}
          <Group mt="md">
            <Button onClick={() => setConfirming(true)} disabled={!current || reachable === 0}>
              {t('broadcast.send', { count: reachable })}
            </Button>
          </Group>
        </Paper>
      )}

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('broadcast.confirmTitle')} centered>
        <Text>{t('broadcast.confirmText', { count: reachable })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('broadcast.cancel')}
          </Button>
          <Button onClick={runSend} loading={send.isPending}>
            {t('broadcast.confirm')}
          </Button>
        </Group>
      </Modal>

      <BroadcastHistory />
    </Stack>
  );
}
