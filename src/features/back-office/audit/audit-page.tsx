import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { Select, Stack, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditLogCountQuery, auditLogQuery, type AuditLogEntry } from '@/entities/admin';
import { formatMoment } from '@/lib/format/moment';
import { useLang, useT } from '@/lib/i18n';
import { AUDIT_ACTIONS, AUDIT_DOCTYPES, AUDIT_LOG_FIELDS } from '../../../../contracts/admin';
import { AddressedTable, orderByOf, PAGE_SIZE } from '../kit/admin-table';
import { sortFrom, useListSearch, useTypedFilter } from '../kit/list-search';
import { SORTABLE } from './search';
import { PageHead } from '../kit/page-head';
import { actionLabel, auditFilters, changesOf, doctypeLabel, roleLabel } from './changes';
import classes from '../kit/back-office.module.css';
import { DateField } from '@/components/date-field';



function Changes({ entry }: { entry: AuditLogEntry }) {
  const t = useT();
  const [lang] = useLang();
  const changes = changesOf(entry.before, entry.after, t, lang);
  if (!changes.length) return <>–</>;
  return (
    <Stack gap={2} className={classes.changes}>
      {changes.map((c) => (
        <div key={`${c.label}:${c.before}:${c.after}`}>
          <strong>{c.label}</strong>: <span className={classes.before}>{c.before}</span> → <span className={classes.after}>{c.after}</span>
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
  const what = (AUDIT_ACTIONS as readonly string[]).includes(search.what) ? search.what : null;
  const doctype = (AUDIT_DOCTYPES as readonly string[]).includes(search.doctype) ? search.doctype : null;
  const sort = sortFrom<AuditLogEntry>(search.sort, search.dir, SORTABLE, { columnAccessor: 'creation', direction: 'desc' });
  const { from, to, page } = search;
  const filters = auditFilters(search.who, what, doctype, from, to);
  const list = useQuery({ ...auditLogQuery({ fields: AUDIT_LOG_FIELDS, filters, orderBy: orderByOf(sort), limit: PAGE_SIZE, limitStart: (page - 1) * PAGE_SIZE }), placeholderData: keepPreviousData });
  const count = useQuery({ ...auditLogCountQuery(filters), placeholderData: keepPreviousData });
  return (
    <>
      <PageHead title={t('backOffice.auditTitle')} />
      <div className={classes.filters}>
        <TextInput label={t('backOffice.auditWho')} value={who} onChange={(e) => setWho(e.currentTarget.value)} />
        <Select label={t('backOffice.auditWhat')} data={AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a, t) }))} value={what} onChange={(v) => set({ what: v ?? '', page: 1 })} clearable />
        <Select label={t('backOffice.auditDoctype')} data={AUDIT_DOCTYPES.map((d) => ({ value: d, label: doctypeLabel(d, t) }))} value={doctype} onChange={(v) => set({ doctype: v ?? '', page: 1 })} clearable />
        <DateField label={t('backOffice.from')} value={from} max={to || undefined} onChange={(day) => set({ from: day, page: 1 })} />
        <DateField label={t('backOffice.to')} value={to} min={from || undefined} onChange={(day) => set({ to: day, page: 1 })} />
      </div>
      <AddressedTable<AuditLogEntry> label={t('backOffice.auditTitle')} list={list} total={count.data} page={page} sort={sort} set={set}
        columns={[
          { accessor: 'creation', title: t('backOffice.auditWhen'), sortable: true, width: 120, render: (e) => (e.creation ? formatMoment(e.creation, lang) : '–') },
          {
            accessor: 'user',
            title: t('backOffice.auditWho'),
            sortable: true,
            width: '22%',
            render: (e) => (
              <span className={classes.cellText}>
                <span className={classes.cellMain}>{e.user}</span>
                <span className={classes.cellNote}>{[roleLabel(e.role, t), e.branch].filter(Boolean).join(' · ')}</span>
              </span>
            ),
          },
          {
            accessor: 'action',
            title: t('backOffice.auditWhat'),
            sortable: true,
            width: '22%',
            render: (e) => (
              <span className={classes.cellText}>
                <span className={classes.cellMain}>{actionLabel(e.action, t)}</span>
                <span className={classes.cellNote}>{[doctypeLabel(e.ref_doctype, t), e.ref_name].filter(Boolean).join(' · ')}</span>
              </span>
            ),
          },
          { accessor: 'before', title: t('backOffice.auditChanges'), render: (e) => <Changes entry={e} /> },
        ]}
      />
    </>
  );
}
