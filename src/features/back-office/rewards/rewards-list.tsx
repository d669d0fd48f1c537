import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Select, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { managedItemsCountQuery, managedItemsQuery } from '@/entities/admin';
import type { Item } from '@/entities/items';
import { imageUrl } from '@/lib/file-url';
import { formatNumber } from '@/lib/format/numbers';
import { useLang, useT } from '@/lib/i18n';
import { AddressedTable, orderByOf, PAGE_SIZE } from '../kit/admin-table';
import { sortFrom, useListSearch, useTypedFilter } from '../kit/list-search';
import { STATUSES, STOCKS, SORTABLE } from './search';
import { PageHead } from '../kit/page-head';
import classes from '../kit/back-office.module.css';

type Status = (typeof STATUSES)[number];
type Stock = (typeof STOCKS)[number];

const oneOf = <T extends string>(options: readonly T[], value: string): T => (options.includes(value as T) ? (value as T) : options[0]!);

/** The list's filters as Frappe filters (what the count and the page both use). */
export function rewardFilters(q: string, group: string, status: Status, stock: Stock): unknown[][] {
  const f: unknown[][] = [];
  if (q.trim()) f.push(['item_name', 'like', `%${q.trim()}%`]);
  if (group.trim()) f.push(['item_group', '=', group.trim()]);
  if (status !== 'all') f.push(['published', '=', status === 'published' ? 1 : 0]);
  if (stock !== 'all') f.push(['in_stock', '=', stock === 'in' ? 1 : 0]);
  return f;
}

export function RewardsList() {
  const t = useT();
  const [lang] = useLang();
  const navigate = useNavigate();
  const [search, set] = useListSearch({ q: '', group: '', status: 'all', stock: 'all', page: 1, sort: 'modified', dir: 'desc' });
  const status = oneOf(STATUSES, search.status);
  const stock = oneOf(STOCKS, search.stock);
  const sort = sortFrom<Item>(search.sort, search.dir, SORTABLE, { columnAccessor: 'modified', direction: 'desc' });
  const page = search.page;
  const [q, setQ] = useTypedFilter(search.q, (text) => set({ q: text, page: 1 }));
  const [group, setGroup] = useTypedFilter(search.group, (text) => set({ group: text, page: 1 }));
  const filters = rewardFilters(search.q, search.group, status, stock);
  const list = useQuery({ ...managedItemsQuery({ filters, orderBy: orderByOf(sort), limit: PAGE_SIZE, limitStart: (page - 1) * PAGE_SIZE }), placeholderData: keepPreviousData });
  const count = useQuery({ ...managedItemsCountQuery(filters), placeholderData: keepPreviousData });
  return (
    <>
      <PageHead title={t('backOffice.rewardsTitle')}>
        <Button onClick={() => void navigate({ to: '/admin/rewards/$name', params: { name: 'new' } })}>
          {t('backOffice.rewardNew')}
        </Button>
      </PageHead>
      <div className={classes.filters}>
        <TextInput label={t('backOffice.search')} placeholder={t('backOffice.rewardSearchHint')} value={q} onChange={(e) => setQ(e.currentTarget.value)} />
        <TextInput label={t('backOffice.rewardGroup')} value={group} onChange={(e) => setGroup(e.currentTarget.value)} />
        <Select
          label={t('backOffice.rewardStatus')}
          value={status}
          allowDeselect={false}
          onChange={(v) => set({ status: v ?? 'all', page: 1 })}
          data={[
            { value: 'all', label: t('backOffice.all') },
            { value: 'published', label: t('backOffice.published') },
            { value: 'unpublished', label: t('backOffice.unpublished') },
          ]}
        />
        <Select
          label={t('backOffice.rewardStock')}
          value={stock}
          allowDeselect={false}
          onChange={(v) => set({ stock: v ?? 'all', page: 1 })}
          data={[
            { value: 'all', label: t('backOffice.all') },
            { value: 'in', label: t('backOffice.inStock') },
            { value: 'out', label: t('backOffice.outOfStock') },
          ]}
        />
      </div>
      <AddressedTable<Item> label={t('backOffice.rewardsTitle')} list={list} total={count.data} page={page} sort={sort} set={set}
        onRowClick={(item) => void navigate({ to: '/admin/rewards/$name', params: { name: item.name } })}
        columns={[
          {
            accessor: 'website_image',
            title: '',
            width: 64,
            render: (item) => (item.website_image ? <img className={classes.thumb} src={imageUrl(item.website_image)} alt="" /> : <span className={classes.thumb} />),
          },
          {
            accessor: 'item_name',
            title: t('backOffice.rewardName'),
            sortable: true,
            render: (item) => (
              <Link to="/admin/rewards/$name" params={{ name: item.name }} className={classes.rowLink}>
                {item.item_name}
                <span className={classes.code}>{item.item_code}</span>
              </Link>
            ),
          },
          { accessor: 'item_group', title: t('backOffice.rewardGroup'), sortable: true },
          {
            accessor: 'loyalty_points_based_price',
            title: t('backOffice.rewardPoints'),
            sortable: true,
            textAlign: 'right',
            render: (item) => (item.loyalty_points_based_price ? formatNumber(item.loyalty_points_based_price, lang) : '–'),
          },
          {
            accessor: 'stock_qty',
            title: t('backOffice.rewardStock'),
            sortable: true,
            textAlign: 'right',
            render: (item) =>
              item.stock_qty === null ? (item.in_stock ? t('backOffice.notCounted') : <Badge color="red">{t('backOffice.outOfStock')}</Badge>) : item.stock_qty > 0 ? formatNumber(item.stock_qty, lang) : <Badge color="red">{t('backOffice.outOfStock')}</Badge>,
          },
          {
            accessor: 'published',
            title: t('backOffice.rewardStatus'),
            sortable: true,
            render: (item) => <Badge color={item.published ? 'teal' : 'gray'}>{item.published ? t('backOffice.published') : t('backOffice.unpublished')}</Badge>,
          },
        ]}
      />
    </>
  );
}
