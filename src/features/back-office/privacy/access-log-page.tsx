import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { Select, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type * as v from 'valibot';
import { accessLogQuery } from '@/entities/admin/privacy';
import { DateField } from '@/components/date-field';
import { formatMoment } from '@/lib/format/moment';
import { useLang, useT } from '@/lib/i18n';
import { ACCESS_KINDS, type AccessKind, type AccessLogRowSchema } from '../../../../contracts/privacy';
import { PagedTable, PAGE_SIZE } from '../kit/admin-table';
import { useListSearch, useTypedFilter } from '../kit/list-search';
import { PageHead } from '../kit/page-head';
import { roleLabel } from '../audit/changes';
import classes from '../kit/back-office.module.css';

type AccessLogRow = v.InferOutput<typeof AccessLogRowSchema>;

/** The list's filters as list_access_log's arguments: only those set, the page as start and limit. */
export function accessLogArgs(f: { user: string; member: string; what: string; from: string; to: string; page: number }) {
  const what = (ACCESS_KINDS as readonly string[]).includes(f.what) ? (f.what as AccessKind) : undefined;
  return {
    ...(f.user.trim() ? { user: f.user.trim() } : {}),
    ...(f.member.trim() ? { customer: f.member.trim() } : {}),
    ...(what ? { what } : {}),
    ...(f.from ? { from_date: f.from } : {}),
    ...(f.to ? { to_date: f.to } : {}),
    start: (f.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
}

/** /admin/access-log: who looked at which member's personal data, in what role and branch, when and from where. */
export function AccessLogPage() {
  const t = useT();
  const [lang] = useLang();
  const [search, set] = useListSearch({ user: '', member: '', what: '', from: '', to: '', page: 1 });
  const [user, setUser] = useTypedFilter(search.user, (text) => set({ user: text, page: 1 }));
  const [member, setMember] = useTypedFilter(search.member, (text) => set({ member: text, page: 1 }));
  const what = (ACCESS_KINDS as readonly string[]).includes(search.what) ? search.what : null;
  const { from, to, page } = search;
  const list = useQuery({ ...accessLogQuery(accessLogArgs(search)), placeholderData: keepPreviousData });
  return (
    <>
      <PageHead
        title={t('privacyAdmin.accessLogTitle')}
        sub={t('privacyAdmin.accessLogSub')}
      />
      <div className={classes.filters}>
        <TextInput label={t('privacyAdmin.user')} value={user} onChange={(e) => setUser(e.currentTarget.value)} />
        <TextInput label={t('privacyAdmin.customer')} value={member} onChange={(e) => setMember(e.currentTarget.value)} />
        <Select label={t('privacyAdmin.what')} data={ACCESS_KINDS.map((k) => ({ value: k, label: t(`privacyAdmin.what_${k}`) }))} value={what} onChange={(v) => set({ what: v ?? '', page: 1 })} clearable />
        <DateField label={t('backOffice.from')} value={from} max={to || undefined} onChange={(day) => set({ from: day, page: 1 })} />
        <DateField label={t('backOffice.to')} value={to} min={from || undefined} onChange={(day) => set({ to: day, page: 1 })} />
      </div>
      <PagedTable<AccessLogRow>
        label={t('privacyAdmin.accessLogTitle')}
        idAccessor="id"
        list={list}
        page={page}
        set={set}
        columns={[
          { accessor: 'created_at', title: t('privacyAdmin.when'), width: 130, render: (r) => formatMoment(r.created_at, lang) },
          {
            accessor: 'user',
            title: t('privacyAdmin.user'),
            render: (r) => (
              <span className={classes.cellText}>
                <span className={classes.cellMain}>{r.user}</span>
                <span className={classes.cellNote}>{[roleLabel(r.role, t), r.branch].filter(Boolean).join(' · ')}</span>
              </span>
            ),
          },
          { accessor: 'customer', title: t('privacyAdmin.member'), render: (r) => <span className={classes.code}>{r.customer}</span> },
          { accessor: 'what', title: t('privacyAdmin.what'), render: (r) => t(`privacyAdmin.what_${r.what}`) },
          { accessor: 'ip', title: t('privacyAdmin.where'), render: (r) => r.ip ?? '–' },
        ]}
      />
    </>
  );
}
