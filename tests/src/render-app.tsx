// Renders a screen component as the app does (Mantine theme, TanStack Query, a router for links and navigate), with
// a QueryClient the test pre-seeds with setQueryData: no server, no network.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useLangStore, type Lang } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from '@/lib/theme';

/** Seeded answers stay fresh for the whole test, so no query ever reaches fetch. */
export const testQueryClient = (): QueryClient =>
  createQueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

export interface RenderAppOptions {
  queryClient?: QueryClient;
  path?: string;
  lang?: Lang;
}

// jsdom has no scrolling; the router restores scroll positions on every navigation.
window.scrollTo = () => {};

export function renderApp(ui: ReactNode, { queryClient = testQueryClient(), path = '/', lang = 'en' }: RenderAppOptions = {}): RenderResult & { queryClient: QueryClient } {
  useLangStore.setState({ lang });
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  const result = render(
    // env="test": no portals and no transitions, so dialogs and drawers render in place at once.
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return Object.assign(result, { queryClient });
}

/**
 * Replaces fetch, for each test of the file, with a spy whose calls never answer: a screen stays in its loading
 * or submitting state for the test to look at, and `expect(spy)` shows what was (or was not) sent.
 */
export function stubFetchNeverAnswering() {
  const spy = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>(() => {}));
  beforeEach(() => {
    spy.mockClear();
    vi.stubGlobal('fetch', spy);
  });
  afterEach(() => vi.unstubAllGlobals());
  return spy;
}
