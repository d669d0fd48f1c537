import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Badge.css';
import { Select, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { managedOrdersCountQuery, managedOrdersQuery, type ManagedOrder } from '@/entities/admin';
import { managedBranchesQuery } from '@/entities/branches';
import { bootQuery } from '@/entities/member';
import { formatDay } from '@/lib/format/dates';
import { formatBahtIn, formatNumber } from '@/lib/format/numbers';
import { useLang, useT } from '@/lib/i18n';
import { AddressedTable, orderByOf, PAGE_SIZE } from '../kit/admin-table';
import { sortFrom, useListSearch, useTypedFilter } from '../kit/list-search';
import { SORTABLE } from './search';
import { PageHead } from '../kit/page-head';
import { OrderStateBadge } from './order-state';
import { ORDER_STATES, ORDER_TYPES, orderFilters } from './order-rules';
import classes from '../kit/back-office.module.css';
import { DateField } from '@/components/date-field';


const oneOf = <T extends string>(options: readonly T[], value: string): T => (options.includes(value as T) ? (value as T) : options[0]!);
/** Managers who see every branch may filter by one; a Branch Manager's list is their branch already. */
const EVERY_BRANCH = ['System Manager', 'Loyalty Manager'];

/** Reward orders and purchases, newest first: a row opens the order; the filters live in the address. */
export function OrdersList() {
  const t = useT();
  const [lang] = useLang();
  const navigate = useNavigate();
  const [search, set] = useListSearch({ q: '', type: 'all', state: 'all', branch: '', from: '', to: '', page: 1, sort: 'creation', dir: 'desc' });
  const type = oneOf(ORDER_TYPES, search.type);
  const state = oneOf(ORDER_STATES, search.state);
  const sort = sortFrom<ManagedOrder>(search.sort, search.dir, SORTABLE, { columnAccessor: 'creation', direction: 'desc' });
  const [q, setQ] = useTypedFilter(search.q, (text) => set({ q: text, page: 1 }));
  const boot = useQuery(bootQuery());
  const everyBranch = (boot.data?.roles ?? []).some((r) => EVERY_BRANCH.includes(r));
  const branches = useQuery({ ...managedBranchesQuery({ fields: ['name'], limit: 0 }), enabled: everyBranch });
  const filters = orderFilters({ ...search, type, state, branch: everyBranch ? search.branch : '' });
  const { page } = search;
  const list = useQuery({ ...managedOrdersQuery({ filters, orderBy: orderByOf(sort), limit: PAGE_SIZE, limitStart: (page - 1) * PAGE_SIZE }), placeholderData: keepPreviousData });
  const count = useQuery({ ...managedOrdersCountQuery(filters), placeholderData: keepPreviousData });
  return (
    <>
      <PageHead title={t('backOffice.ordersTitle')} />
      <div className={classes.filters}>
        <TextInput label={t('backOffice.search')} placeholder={t('backOffice.orderSearchHint')} value={q} onChange={(e) => setQ(e.currentTarget.value)} />
        <Select
          label={t('backOffice.orderType')}
          value={type}
          allowDeselect={false}
          onChange={(v) => set({ type: v ?? 'all', page: 1 })}
          data={ORDER_TYPES.map((value) => ({ value, label: value === 'all' ? t('backOffice.all') : t(`backOffice.orderType_${value}`) }))}
        />
        <Select
          label={t('backOffice.orderStatus')}
          value={state}
          allowDeselect={false}
          onChange={(v) => set({ state: v ?? 'all', page: 1 })}
          data={ORDER_STATES.map((value) => ({ value, label: value === 'all' ? t('backOffice.all') : t(`backOffice.orderState_${value}`) }))}
        />
        {everyBranch ? (
          <Select
            label={t('backOffice.branch')}
            value={search.branch || null}
            clearable
            placeholder={t('backOffice.all')}
            onChange={(v) => set({ branch: v ?? '', page: 1 })}
            data={(branches.data ?? []).map((b) => b.name)}
          />
        ) : null}
        <DateField label={t('backOffice.from')} value={search.from} max={search.to || undefined} onChange={(day) => set({ from: day, page: 1 })} />
        <DateField label={t('backOffice.to')} value={search.to} min={search.from || undefined} onChange={(day) => set({ to: day, page: 1 })} />
      </div>
      <AddressedTable<ManagedOrder> label={t('backOffice.ordersTitle')} list={list} total={count.data} page={page} sort={sort} set={set}
        onRowClick={(o) => void navigate({ to: '/admin/orders/$name', params: { name: o.name } })}
        columns={[
          {
            accessor: 'name',
            title: t('backOffice.orderName'),
            sortable: true,
            // The kind of order sits under its number, not in a column of its own: eight columns do not fit a
            // landscape tablet beside the menu.
            render: (o) => (
              <>
                <Link to="/admin/orders/$name" params={{ name: o.name }} className={classes.rowLink}>
                  {o.name}
                </Link>
                <Text size="xs" c="dimmed">
                  {t(o.order_type === 'redemption' ? 'backOffice.orderType_redemption' : 'backOffice.orderType_purchase')}
                </Text>
              </>
            ),
          },
          { accessor: 'customer', title: t('backOffice.orderMember'), sortable: true },
          { accessor: 'branch', title: t('backOffice.branch'), sortable: true, render: (o) => o.branch ?? '–' },
          { accessor: 'posting_date', title: t('backOffice.date'), sortable: true, noWrap: true, render: (o) => formatDay(o.posting_date, lang) },
          { accessor: 'loyalty_points', title: t('backOffice.points'), sortable: true, textAlign: 'right', render: (o) => (o.loyalty_points ? formatNumber(o.loyalty_points, lang) : '–') },
          { accessor: 'grand_total', title: t('backOffice.orderBaht'), sortable: true, textAlign: 'right', noWrap: true, render: (o) => (o.grand_total ? formatBahtIn(o.grand_total, lang) : '–') },
          { accessor: 'status', title: t('backOffice.orderStatus'), render: (o) => <OrderStateBadge order={o} /> },
        ]}
      />
    </>
  );
}
