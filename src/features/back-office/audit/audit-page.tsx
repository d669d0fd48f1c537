import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { Group, Select, Stack, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditLogCountQuery, auditLogQuery, type AuditLogEntry } from '@/entities/admin';
import { formatMoment } from '@/lib/format/moment';
import { useLang, useT } from '@/lib/i18n';
import { AUDIT_LOG_FIELDS } from '../../../../contracts/admin';
import { AdminTable, orderByOf, PAGE_SIZE } from '../components/admin-table';
import { addressedTable, sortFrom, useListSearch, useTypedFilter } from '../components/list-search';
import { PageHead } from '../components/page-head';
import { auditFilters, changesOf } from './changes';
import classes from '../back-office.module.css';

const SORTABLE = ['creation', 'user', 'action'];
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
  const [search, set] = useListSearch({ who: '', what: '', doctype: '', from: '', to: '', page: 1, sort: 'creation', dir: 'desc' });
  const [who, setWho] = useTypedFilter(search.who, (text) => set({ who: text, page: 1 }));
  const [what, setWhat] = useTypedFilter(search.what, (text) => set({ what: text, page: 1 }));
  const doctype = DOCTYPES.includes(search.doctype) ? search.doctype : null;
  const sort = sortFrom<AuditLogEntry>(search.sort, search.dir, SORTABLE, { columnAccessor: 'creation', direction: 'desc' });
  const { from, to, page } = search;
  const filters = auditFilters(search.who, search.what, doctype, from, to);
  const list = useQuery({ ...auditLogQuery({ fields: AUDIT_LOG_FIELDS, filters, orderBy: orderByOf(sort), limit: PAGE_SIZE, limitStart: (page - 1) * PAGE_SIZE }), placeholderData: keepPreviousData });
  const count = useQuery({ ...auditLogCountQuery(filters), placeholderData: keepPreviousData });
  return (
    <>
      <PageHead title={t('backOffice.auditTitle')} />
      <Group mb="md" align="flex-end" className={classes.filters}>
        <TextInput label={t('backOffice.auditWho')} value={who} onChange={(e) => setWho(e.currentTarget.value)} />
        <TextInput label={t('backOffice.auditWhat')} value={what} onChange={(e) => setWhat(e.currentTarget.value)} />
        <Select label={t('backOffice.auditDoctype')} data={DOCTYPES} value={doctype} onChange={(v) => set({ doctype: v ?? '', page: 1 })} clearable />
        <TextInput type="date" label={t('backOffice.from')} value={from} onChange={(e) => set({ from: e.currentTarget.value, page: 1 })} />
        <TextInput type="date" label={t('backOffice.to')} value={to} onChange={(e) => set({ to: e.currentTarget.value, page: 1 })} />
      </Group>
      <AdminTable<AuditLogEntry>
        label={t('backOffice.auditTitle')}
        records={list.data}
        idAccessor="name"
        fetching={list.isFetching}
        {...addressedTable(sort, page, count.data, set)}
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
