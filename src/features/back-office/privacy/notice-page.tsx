import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import { Badge, Button, Fieldset, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { currentNoticeQuery, noticesQuery, usePublishNotice } from '@/entities/admin/privacy';
import { formatMoment } from '@/lib/format/moment';
import { formatNumber } from '@/lib/format/numbers';
import { useLang, useT } from '@/lib/i18n';
import type { PRIVACY_LIST_NOTICES } from '../../../../contracts/privacy';
import type { AnswerOf } from '../../../../contracts/contract';
import { AdminTable } from '../kit/admin-table';
import { failedToast, savedToast } from '../kit/feedback';
import { ModalForm } from '../kit/modal-form';
import { PageHead } from '../kit/page-head';
import { draftFrom, emptySection, noticeArgs, noticeCheck, type NoticeValues } from './notice-form';

type NoticeRow = AnswerOf<typeof PRIVACY_LIST_NOTICES>['rows'][number];

/**
 * A new version of the notice, from the current one's text: the title, the introduction and each section in Thai
 * and English; then a confirmation that every member will be asked to agree again.
 */
function PublishDialog({ next, onClose }: { next: number; onClose: () => void }) {
  const current = useQuery(currentNoticeQuery());
  if (!current.data) return null;
  return <PublishForm next={next} draft={draftFrom(current.data)} onClose={onClose} />;
}

function PublishForm({ next, draft, onClose }: { next: number; draft: NoticeValues; onClose: () => void }) {
  const t = useT();
  const publish = usePublishNotice();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<NoticeValues>({ initialValues: draft, validate: noticeCheck({ required: t('privacyAdmin.required'), tooLong: t('privacyAdmin.tooLong') }) });
  const save = (values: NoticeValues) =>
    publish.mutate(noticeArgs(values), {
      onSuccess: (notice) => {
        savedToast('privacyAdmin.publishedToast', { version: notice.version });
        onClose();
      },
      onError: failedToast,
    });
  if (confirming) {
    return (
      <ModalForm
        title={t('privacyAdmin.confirmTitle', { version: next })}
        onClose={() => setConfirming(false)}
        cancelLabel={t('privacyAdmin.back')}
        onSubmit={() => save(form.values)}
        submitLabel={t('privacyAdmin.publish')}
        pending={publish.isPending}
        centered
      >
        <Text>{t('privacyAdmin.confirmText')}</Text>
      </ModalForm>
    );
  }
  const pair = (path: string, th: string, en: string, long: boolean) => {
    const Field = long ? Textarea : TextInput;
    const extra = long ? { autosize: true, minRows: 3, maxRows: 10 } : {};
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label={th} lang="th" withAsterisk {...extra} {...form.getInputProps(`${path}.th`)} />
        <Field label={en} lang="en" withAsterisk {...extra} {...form.getInputProps(`${path}.en`)} />
      </SimpleGrid>
    );
  };
  return (
    <ModalForm title={t('privacyAdmin.formTitle', { version: next })} onClose={onClose} onSubmit={form.onSubmit(() => setConfirming(true))} submitLabel={t('privacyAdmin.publish')} size="xl">
      <Text size="sm" c="dimmed">
        {t('privacyAdmin.effective')}
      </Text>
      {pair('title', t('privacyAdmin.titleTh'), t('privacyAdmin.titleEn'), false)}
      {pair('intro', t('privacyAdmin.introTh'), t('privacyAdmin.introEn'), true)}
      {form.values.sections.map((_, i) => (
        <Fieldset key={i} legend={t('privacyAdmin.section', { n: i + 1 })}>
          <Stack gap="sm">
            {pair(`sections.${i}.title`, t('privacyAdmin.sectionTitleTh'), t('privacyAdmin.sectionTitleEn'), false)}
            {pair(`sections.${i}.body`, t('privacyAdmin.bodyTh'), t('privacyAdmin.bodyEn'), true)}
            {form.values.sections.length > 1 ? (
              <Group justify="flex-end">
                <Button variant="subtle" color="red" size="xs" onClick={() => form.removeListItem('sections', i)}>
                  {t('privacyAdmin.removeSection', { n: i + 1 })}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Fieldset>
      ))}
      {form.errors.sections ? (
        <Text size="sm" c="red">
          {form.errors.sections}
        </Text>
      ) : null}
      <Group>
        <Button variant="default" onClick={() => form.insertListItem('sections', emptySection())}>
          {t('privacyAdmin.addSection')}
        </Button>
      </Group>
    </ModalForm>
  );
}

/** /admin/privacy-notice: every published version of the privacy notice, and publishing the next. */
export function NoticePage() {
  const t = useT();
  const [lang] = useLang();
  const list = useQuery(noticesQuery());
  const [publishing, setPublishing] = useState(false);
  const rows = list.data?.rows;
  const latest = rows?.[0]?.version ?? 0;
  return (
    <>
      <PageHead
        title={t('privacyAdmin.noticeTitle')}
        sub={t('privacyAdmin.noticeSub')}
      >
        <Button onClick={() => setPublishing(true)} disabled={!rows}>
          {t('privacyAdmin.newVersion')}
        </Button>
      </PageHead>
      <AdminTable<NoticeRow>
        label={t('privacyAdmin.noticeTitle')}
        records={rows}
        idAccessor="version"
        fetching={list.isFetching}
        columns={[
          {
            accessor: 'version',
            title: t('privacyAdmin.version'),
            noWrap: true,
            render: (r) => (
              <Group gap="xs" wrap="nowrap">
                {t('privacyAdmin.versionValue', { version: formatNumber(r.version, lang) })}
                {r.version === latest ? <Badge color="teal">{t('privacyAdmin.current')}</Badge> : null}
              </Group>
            ),
          },
          { accessor: 'title', title: t('privacyAdmin.heading'), render: (r) => r.title[lang] },
          { accessor: 'published_at', title: t('privacyAdmin.published'), noWrap: true, render: (r) => formatMoment(r.published_at, lang) },
          { accessor: 'published_by', title: t('privacyAdmin.publishedBy') },
          { accessor: 'members_agreed', title: t('privacyAdmin.agreed'), textAlign: 'right', render: (r) => formatNumber(r.members_agreed, lang) },
        ]}
      />
      {publishing ? <PublishDialog next={latest + 1} onClose={() => setPublishing(false)} /> : null}
    </>
  );
}
