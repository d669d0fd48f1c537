import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Center.css';
import 'mantine-datatable/styles.css';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useT } from '@/lib/i18n';
import classes from './back-office.module.css';

export const PAGE_SIZE = 20;

export interface Paged {
  page: number;
  onPageChange: (page: number) => void;
  total: number | undefined;
}

export interface AdminTableProps<T> {
  records: T[] | undefined;
  columns: DataTableColumn<T>[];
  idAccessor: keyof T & string;
  fetching: boolean;
  /** Pages of PAGE_SIZE; without it every record is shown (a list that is short by nature, e.g. notice versions). */
  paged?: Paged;
  sortStatus?: DataTableSortStatus<T>;
  onSortStatusChange?: (s: DataTableSortStatus<T>) => void;
  onRowClick?: (record: T) => void;
  label: string;
  testId?: string;
  /** What an empty list says (the back office's "no records" line by default). */
  emptyText?: string;
}

/** Every back-office list: pages of 20 (server-side), server-side sorting, the texts in the manager's language. */
export function AdminTable<T>({ records, columns, idAccessor, fetching, paged, sortStatus, onSortStatusChange, onRowClick, label, testId, emptyText }: AdminTableProps<T>) {
  const t = useT();
  const sorting = sortStatus && onSortStatusChange ? { sortStatus, onSortStatusChange } : {};
  const paging = paged
    ? {
        page: paged.page,
        onPageChange: paged.onPageChange,
        totalRecords: paged.total ?? 0,
        recordsPerPage: PAGE_SIZE,
        loadingText: t('common.loading'),
        paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) => t('backOffice.pageText', { from, to, total: totalRecords }),
      }
    : {};
  return (
    <DataTable<T>
      aria-label={label}
      data-testid={testId}
      className={classes.table}
      withTableBorder
      borderRadius="md"
      highlightOnHover
      minHeight={records?.length ? undefined : 180}
      records={records ?? []}
      columns={columns}
      idAccessor={idAccessor}
      fetching={fetching}
      noRecordsText={emptyText ?? t('backOffice.noRecords')}
      {...paging}
      {...sorting}
      {...(onRowClick ? { onRowClick: ({ record }: { record: T }) => onRowClick(record) } : {})}
    />
  );
}

/** A Frappe order_by from the table's sort status. */
export const orderByOf = <T,>(s: DataTableSortStatus<T>) => `${String(s.columnAccessor)} ${s.direction}`;

export interface AddressedTableProps<T> extends Omit<AdminTableProps<T>, 'records' | 'fetching' | 'paged' | 'sortStatus' | 'onSortStatusChange' | 'idAccessor'> {
  /** The page's query: its rows, and whether a page is on its way. */
  list: { data: T[] | undefined; isFetching: boolean };
  total: number | undefined;
  /** The page and the sort, from the address (`useListSearch`, `sortFrom`), and how to write them back. */
  page: number;
  sort: DataTableSortStatus<T>;
  set: (patch: { page?: number; sort?: string; dir?: string }) => void;
}

/** A list kept in the address, its rows named by `name`: a new sort starts again at the first page. */
export function AddressedTable<T extends { name: string }>({ list, total, page, sort, set, ...rest }: AddressedTableProps<T>) {
  return (
    <AdminTable<T>
      records={list.data}
      idAccessor={'name' as keyof T & string}
      fetching={list.isFetching}
      paged={{ page, onPageChange: (p) => set({ page: p }), total }}
      sortStatus={sort}
      onSortStatusChange={(s) => set({ sort: String(s.columnAccessor), dir: s.direction, page: 1 })}
      {...rest}
    />
  );
}

export interface PagedTableProps<T> extends Omit<AdminTableProps<T>, 'records' | 'fetching' | 'paged'> {
  /** The page's query: a method's `{rows, total}`, and whether a page is on its way. */
  list: { data: { rows: T[]; total: number } | undefined; isFetching: boolean };
  /** The page, from the address, and how to write it back. */
  page: number;
  set: (patch: { page: number }) => void;
}

/** A list a method answers a page at a time (`{rows, total}`), its page kept in the address. */
export function PagedTable<T>({ list, page, set, ...rest }: PagedTableProps<T>) {
  return (
    <AdminTable<T>
      records={list.data?.rows}
      fetching={list.isFetching}
      paged={{ page, onPageChange: (p) => set({ page: p }), total: list.data?.total }}
      {...rest}
    />
  );
}
