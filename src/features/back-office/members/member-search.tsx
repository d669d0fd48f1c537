import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { searchMembersQuery, type MemberRow } from '@/entities/admin';
import { bootQuery } from '@/entities/member';
import { formatDay } from '@/lib/format/dates';
import { formatNumber } from '@/lib/format/numbers';
import { useLang, useT } from '@/lib/i18n';
import { AdminTable, PAGE_SIZE } from '../kit/admin-table';
import { CameraScan } from '../kit/camera-scan';
import { useListSearch, useTypedFilter } from '../kit/list-search';
import { PageHead } from '../kit/page-head';
import classes from '../kit/back-office.module.css';


/** Members by phone, name, e-mail, member number or a scanned member code (a handheld scanner types into the box). */
export function MemberSearch() {
  const t = useT();
  const [lang] = useLang();
  const navigate = useNavigate();
  const [{ q, page }, set] = useListSearch({ q: '', page: 1 });
  const [typed, setTyped] = useTypedFilter(q, (text) => set({ q: text, page: 1 }));
  const roles = useQuery(bootQuery()).data?.roles ?? [];
  // A Branch Manager finds only members active at their branch (the server's rule): the list says so.
  const branchOnly = roles.includes('Branch Manager') && !roles.some((r) => r === 'System Manager' || r === 'Loyalty Manager');
  const search = useQuery({ ...searchMembersQuery({ q: q.trim(), start: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }), placeholderData: keepPreviousData });
  // A scanned code is complete: no need to wait for typing to stop.
  const found = (code: string) => {
    setTyped(code);
    set({ q: code, page: 1 });
  };
  return (
    <>
      <PageHead title={t('backOffice.membersTitle')}>
        <CameraScan onCode={found} />
      </PageHead>
      <div className={classes.filters}>
        <TextInput
          label={t('backOffice.search')}
          description={t('backOffice.memberSearchHint')}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          type="search"
          autoFocus
        />
      </div>
      {branchOnly ? (
        <Text size="sm" c="dimmed" mb="sm" data-testid="members-scope">
          {t('privacyAdmin.searchScope')}
        </Text>
      ) : null}
      <AdminTable<MemberRow>
        label={t('backOffice.membersTitle')}
        records={search.data?.rows}
        idAccessor="customer"
        fetching={search.isFetching}
        paged={{ page, onPageChange: (p) => set({ page: p }), total: search.data?.total }}
        onRowClick={(m) => void navigate({ to: '/admin/members/$customer', params: { customer: m.customer } })}
        columns={[
          {
            accessor: 'full_name',
            title: t('backOffice.memberName'),
            render: (m) => (
              <Link to="/admin/members/$customer" params={{ customer: m.customer }} className={classes.rowLink}>
                {m.full_name}
                <span className={`${classes.code} ${classes.nowrap}`}>{m.customer}</span>
              </Link>
            ),
          },
          { accessor: 'mobile_no', title: t('backOffice.memberPhone'), noWrap: true },
          { accessor: 'email', title: t('backOffice.memberEmail'), render: (m) => <span className={classes.email}>{m.email}</span> },
          { accessor: 'member_since', title: t('backOffice.memberSince'), noWrap: true, render: (m) => formatDay(m.member_since, lang) },
          { accessor: 'loyalty_points', title: t('backOffice.memberBalance'), textAlign: 'right', noWrap: true, render: (m) => formatNumber(m.loyalty_points, lang) },
          { accessor: 'blocked', title: t('backOffice.rewardStatus'), render: (m) => (m.blocked ? <Badge color="red">{t('backOffice.blocked')}</Badge> : <Badge color="teal">{t('backOffice.active')}</Badge>) },
        ]}
      />
    </>
  );
}
