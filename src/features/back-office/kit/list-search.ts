import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { DataTableSortStatus } from 'mantine-datatable';

type Value = string | number;

/** A value from the address as its default's type: a page is a whole number from 1, anything else text. */
function read(value: unknown, fallback: Value): Value {
  if (typeof fallback === 'number') return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : fallback;
  // The router reads `?q=123` as the number 123: a search for digits (a phone, a member number) is still text.
  return typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;
}

/**
 * A back-office list's filters, page and sort kept in the address, so what the operator set survives opening a row
 * and coming Back, a reload, and a link sent to a colleague. Values at their default are left out of the address; a
 * hand-edited value of the wrong kind falls back to its default. Changes replace the history entry: Back leaves
 * the list rather than undoing each keystroke.
 */
export function useListSearch<S extends Record<string, Value>>(defaults: S): [S, (patch: Partial<S>) => void] {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const state = Object.fromEntries(Object.entries(defaults).map(([key, fallback]) => [key, read(raw[key], fallback)])) as S;
  const set = (patch: Partial<S>) =>
    void navigate({
      to: '.',
      replace: true,
      search: ((prev: Record<string, unknown>) => {
        const next: Record<string, unknown> = { ...prev, ...patch };
        for (const [key, fallback] of Object.entries(defaults)) if (next[key] === fallback) delete next[key];
        return next;
      }) as never,
    });
  return [state, set];
}

/**
 * A text filter typed into a box: the box answers every keystroke, the address (and so the query) follows 300 ms
 * after typing stops, and the list goes back to its first page when the text changes.
 */
export function useTypedFilter(value: string, apply: (text: string) => void): [string, (text: string) => void] {
  const [typed, setTyped] = useState(value);
  const [settled] = useDebouncedValue(typed, 300);
  // Back or a link changed the address: the box shows what the address says (not after our own write, which
  // would take back what was typed while it was on its way).
  useEffect(() => {
    if (value !== settled) setTyped(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  useEffect(() => {
    if (settled !== value) apply(settled);
    // Only a settled change of the text writes the address; `apply` is a fresh closure every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return [typed, setTyped];
}

/** The table's sort from the address: a sortable column and a direction, or the list's own order. */
export function sortFrom<T>(column: string, direction: string, sortable: readonly string[], fallback: DataTableSortStatus<T>): DataTableSortStatus<T> {
  return sortable.includes(column) && (direction === 'asc' || direction === 'desc') ? { columnAccessor: column, direction } : fallback;
}

/** The table's page and sort props for a list kept in the address: a new sort starts again at the first page. */
export function addressedTable<T>(sort: DataTableSortStatus<T>, page: number, total: number | undefined, set: (patch: { page?: number; sort?: string; dir?: string }) => void) {
  return {
    paged: { page, onPageChange: (p: number) => set({ page: p }), total },
    sortStatus: sort,
    onSortStatusChange: (s: DataTableSortStatus<T>) => set({ sort: String(s.columnAccessor), dir: s.direction, page: 1 }),
  };
}
