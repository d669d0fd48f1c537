import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { DataTableSortStatus } from 'mantine-datatable';

import { type Value } from './search-params';

/**
 * A list's page, sort and filters from the address, as its route's `validateSearch` typed them (with the params
 * above), so what the operator set survives opening a row and coming Back, a reload, and a link sent to a
 * colleague. Values at their default are left out of the address. Changes replace the history entry: Back leaves
 * the list rather than undoing each keystroke.
 */
export function useListSearch<S extends Record<string, Value>>(defaults: S): [S, (patch: Partial<S>) => void] {
  const raw = useSearch({ strict: false }) as Record<string, unknown> as Partial<S>;
  const navigate = useNavigate();
  const state = Object.fromEntries(Object.entries(defaults).map(([key, fallback]) => [key, raw[key] ?? fallback])) as S;
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
