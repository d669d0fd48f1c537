import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { useState } from 'react';
import { Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataTableSortStatus } from 'mantine-datatable';
import { auditLogCountQuery, auditLogQuery, type AuditLogEntry } from '@/entities/admin';
import { formatMoment } from '@/lib/format/moment';
import { useLang, useT } from '@/lib/i18n';
import { AUDIT_LOG_FIELDS } from '../../../../contracts/admin';
import { AdminTable, orderByOf, PAGE_SIZE } from '../components/admin-table';
import { PageHead } from '../components/page-head';
import { auditFilters, changesOf } from './changes';
import classes from '../back-office.module.css';

const DOCTYPES = ['Item', 'Branch', 'Customer', 'Loyalty Point Entry', 'Points Import', 'User', 'Sales Invoice', 'Export', 'Settings'];

function Changes({ entry }: { entry: AuditLogEntry }) {
  const changes = changesOf(entry.before, entry.after);
  if (!changes.length) return <>–</>;
  return (
    <Stack gap={2}>
      {changes.map((c) => (
        <div key={c.field}>
          <strong>{c.field}</strong>: <span className={classes.before}>{c.before}</span> → <span className={classes.after}>{c.after}</span>
        </div>
      ))}
    </Stack>
  );
}

/** Every back-office write and staff action: who, in what role and branch, what changed from what to what, when. */
export function AuditPage() {
  const t = useT();
  const [lang] = useLang();
  const [who, setWho] = useState('');
  const [what, setWhat] = useState('');
  const [doctype, setDoctype] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<DataTableSortStatus<AuditLogEntry>>({ columnAccessor: 'creation', direction: 'desc' });
  const [text] = useDebouncedValue(`${who}\u0000${what}`, 300);
  const [dWho = '', dWhat = ''] = text.split('\u0000');
  const filters = auditFilters(dWho, dWhat, doctype, from, to);
  const list = useQuery({ ...auditLogQuery({ fields: AUDIT_LOG_FIELDS, filters, orderBy: orderByOf(sort), limit: PAGE_SIZE, limitStart: (page - 1) * PAGE_SIZE }), placeholderData: keepPreviousData });
  const count = useQuery({ ...auditLogCountQuery(filters), placeholderData: keepPreviousData });
  const again = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };
  return (
    <>
      <PageHead title={t('backOffice.auditTitle')} />
      <Group mb="md" align="flex-end" className={classes.filters}>
        <TextInput label={t('backOffice.auditWho')} value={who} onChange={(e) => again(setWho)(e.currentTarget.value)} />
        <TextInput label={t('backOffice.auditWhat')} value={what} onChange={(e) => again(setWhat)(e.currentTarget.value)} />
        <Select label={t('backOffice.auditDoctype')} data={DOCTYPES} value={doctype} onChange={again(setDoctype)} clearable />
        <TextInput type="date" label={t('backOffice.from')} value={from} onChange={(e) => again(setFrom)(e.currentTarget.value)} />
        <TextInput type="date" label={t('backOffice.to')} value={to} onChange={(e) => again(setTo)(e.currentTarget.value)} />
      </Group>
      <AdminTable<AuditLogEntry>
        label={t('backOffice.auditTitle')}
        records={list.data}
        idAccessor="name"
        fetching={list.isFetching}
        paged={{ page, onPageChange: setPage, total: count.data }}
        sortStatus={sort}
        onSortStatusChange={(s) => {
          setSort(s);
          setPage(1);
        }}
        columns={[
          { accessor: 'creation', title: t('backOffice.auditWhen'), sortable: true, width: 150, render: (e) => (e.creation ? formatMoment(e.creation, lang) : '–') },
          { accessor: 'user', title: t('backOffice.auditWho'), sortable: true, width: 170, render: (e) => <span className={classes.rowLink}>{e.user}<span className={classes.code}>{[e.role, e.branch].filter(Boolean).join(' · ')}</span></span> },
          { accessor: 'action', title: t('backOffice.auditWhat'), sortable: true, width: 180, render: (e) => <span className={classes.rowLink}>{e.action}<span className={classes.code}>{`${e.ref_doctype ?? ''} ${e.ref_name ?? ''}`}</span></span> },
          { accessor: 'before', title: t('backOffice.auditChanges'), render: (e) => <Changes entry={e} /> },
        ]}
      />
    </>
  );
}
