import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Badge.css';
import { useState } from 'react';
import { Badge, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { memberDataUrl, privacyRequestsQuery, useRecordRequest, type PrivacyRequestRow } from '@/entities/admin/privacy';
import { formatDay } from '@/lib/format/dates';
import { formatMoment } from '@/lib/format/moment';
import { formatNumber } from '@/lib/format/numbers';
import { useLang, useT, type Lang, type Translate } from '@/lib/i18n';
import { today } from '../../../../contracts/business-day';
import { PRIVACY_RECORD_REQUEST, PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES, REQUEST_DEADLINE_DAYS, type PrivacyRequestKind } from '../../../../contracts/privacy';
import { PagedTable, PAGE_SIZE } from '../kit/admin-table';
import { failedToast, savedToast } from '../kit/feedback';
import { useListSearch } from '../kit/list-search';
import { contractCheck, ModalForm } from '../kit/modal-form';
import { PageHead } from '../kit/page-head';
import { standingOf } from './deadline';
import { EraseDialog } from './erase-dialog';
import classes from '../kit/back-office.module.css';

const kindLabel = (kind: PrivacyRequestKind, t: Translate) => t(`privacyAdmin.kind_${kind}`);

/** Days left before the legal deadline; overdue in red. */
function TimeLeft({ row, lang }: { row: PrivacyRequestRow; lang: Lang }) {
  const t = useT();
  const standing = standingOf(row, today());
  if (standing.state === 'done') return <>{row.completed_at ? t('privacyAdmin.completedOn', { date: formatDay(row.completed_at.slice(0, 10), lang) }) : '–'}</>;
  if (standing.state === 'today') return <Badge color="orange">{t('privacyAdmin.dueToday')}</Badge>;
  if (standing.state === 'overdue') return <Badge color="red" data-testid="request-overdue">{t('privacyAdmin.overdue', { days: formatNumber(standing.days, lang) })}</Badge>;
  return <>{t('privacyAdmin.daysLeftValue', { days: formatNumber(standing.days, lang) })}</>;
}

interface RecordValues {
  customer: string;
  kind: PrivacyRequestKind | null;
}

const recordArgs = (f: RecordValues) => ({ customer: f.customer.trim(), kind: f.kind ?? '' });

/** A request the member made to staff (at a branch, on the phone, in a letter): its deadline runs from today. */
function RecordDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [lang] = useLang();
  const record = useRecordRequest();
  const form = useForm<RecordValues>({
    initialValues: { customer: '', kind: null },
    validate: contractCheck(PRIVACY_RECORD_REQUEST.args, recordArgs, t('privacyAdmin.required')),
  });
  const save = (values: RecordValues) =>
    record.mutate(recordArgs(values) as { customer: string; kind: PrivacyRequestKind }, {
      onSuccess: (row) => {
        savedToast('privacyAdmin.recorded', { date: formatDay(row.due_date, lang) });
        onClose();
      },
      onError: failedToast,
    });
  return (
    <ModalForm title={t('privacyAdmin.recordTitle')} onClose={onClose} onSubmit={form.onSubmit(save)} submitLabel={t('privacyAdmin.record')} pending={record.isPending}>
      <TextInput label={t('privacyAdmin.customer')} description={t('privacyAdmin.customerHint')} withAsterisk {...form.getInputProps('customer')} data-autofocus />
      <Select
        label={t('privacyAdmin.kind')}
        withAsterisk
        data={PRIVACY_REQUEST_KINDS.map((k) => ({ value: k, label: kindLabel(k, t) }))}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('kind')}
      />
      <Text size="sm" c="dimmed">
        {t('privacyAdmin.recordHint', { access: formatNumber(REQUEST_DEADLINE_DAYS.access, lang), erasure: formatNumber(REQUEST_DEADLINE_DAYS.erasure, lang) })}
      </Text>
    </ModalForm>
  );
}

/**
 * /admin/privacy-requests: members' requests for a copy of their data and for erasure, with the legal deadline of
 * each and the days left; a request made to staff is recorded here, and a member is erased on their request.
 */
export function RequestsPage() {
  const t = useT();
  const [lang] = useLang();
  const [search, set] = useListSearch({ kind: '', status: '', page: 1 });
  const kind = (PRIVACY_REQUEST_KINDS as readonly string[]).includes(search.kind) ? (search.kind as PrivacyRequestKind) : null;
  const status = (PRIVACY_REQUEST_STATUSES as readonly string[]).includes(search.status) ? (search.status as 'open' | 'completed') : null;
  const { page } = search;
  const list = useQuery({
    ...privacyRequestsQuery({ ...(kind ? { kind } : {}), ...(status ? { status } : {}), start: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const [recording, setRecording] = useState(false);
  const [erasing, setErasing] = useState<PrivacyRequestRow | null>(null);
  return (
    <>
      <PageHead
        title={t('privacyAdmin.requestsTitle')}
        sub={t('privacyAdmin.requestsSub', { access: formatNumber(REQUEST_DEADLINE_DAYS.access, lang), erasure: formatNumber(REQUEST_DEADLINE_DAYS.erasure, lang) })}
      >
        <Button onClick={() => setRecording(true)}>{t('privacyAdmin.record')}</Button>
      </PageHead>
      <div className={classes.filters}>
        <Select label={t('privacyAdmin.kind')} data={PRIVACY_REQUEST_KINDS.map((k) => ({ value: k, label: kindLabel(k, t) }))} value={kind} onChange={(v) => set({ kind: v ?? '', page: 1 })} clearable />
        <Select
          label={t('privacyAdmin.status')}
          data={PRIVACY_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`privacyAdmin.status_${s}`) }))}
          value={status}
          onChange={(v) => set({ status: v ?? '', page: 1 })}
          clearable
        />
      </div>
      <PagedTable<PrivacyRequestRow>
        label={t('privacyAdmin.requestsTitle')}
        idAccessor="id"
        list={list}
        page={page}
        set={set}
        columns={[
          {
            accessor: 'member_name',
            title: t('privacyAdmin.member'),
            render: (r) =>
              r.member_name === null ? (
                <span className={classes.cellText}>
                  <span className={classes.cellMain}>{t('privacyAdmin.erasedMember')}</span>
                  <span className={`${classes.cellNote} ${classes.nowrap}`}>{r.customer}</span>
                </span>
              ) : (
                <Link to="/admin/members/$customer" params={{ customer: r.customer }} className={classes.rowLink}>
                  {r.member_name}
                  <span className={`${classes.code} ${classes.nowrap}`}>{r.customer}</span>
                </Link>
              ),
          },
          {
            accessor: 'kind',
            title: t('privacyAdmin.kind'),
            render: (r) => (
              <span className={classes.cellText}>
                <span className={classes.cellMain}>{kindLabel(r.kind, t)}</span>
                <span className={classes.cellNote}>{t(`privacyAdmin.channel_${r.channel}`)}</span>
              </span>
            ),
          },
          { accessor: 'requested_at', title: t('privacyAdmin.received'), noWrap: true, render: (r) => formatMoment(r.requested_at, lang, 'day') },
          { accessor: 'due_date', title: t('privacyAdmin.deadline'), noWrap: true, render: (r) => formatDay(r.due_date, lang) },
          {
            accessor: 'status',
            title: t('privacyAdmin.status'),
            render: (r) => <Badge color={r.status === 'open' ? 'blue' : 'gray'}>{t(`privacyAdmin.status_${r.status}`)}</Badge>,
          },
          { accessor: 'completed_at', title: t('privacyAdmin.daysLeft'), render: (r) => <TimeLeft row={r} lang={lang} /> },
          {
            accessor: 'id',
            title: t('privacyAdmin.actions'),
            render: (r) =>
              r.status !== 'open' || r.member_name === null ? null : (
                <Group gap="xs" wrap="nowrap">
                  {r.kind === 'erasure' ? (
                    <Button size="xs" color="red" variant="light" onClick={() => setErasing(r)}>
                      {t('privacyAdmin.erase')}
                    </Button>
                  ) : (
                    <Button size="xs" variant="light" component="a" href={memberDataUrl(r.customer)} download={`member-data-${r.customer}.json`}>
                      {t('privacyAdmin.download')}
                    </Button>
                  )}
                </Group>
              ),
          },
        ]}
      />
      {recording ? <RecordDialog onClose={() => setRecording(false)} /> : null}
      {erasing ? <EraseDialog customer={erasing.customer} name={erasing.member_name ?? erasing.customer} onClose={() => setErasing(null)} /> : null}
    </>
  );
}
