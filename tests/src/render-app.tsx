// Renders a screen component as the app does (Mantine theme, TanStack Query, a router for links and navigate), with
// a QueryClient the test pre-seeds with setQueryData: no server, no network.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { authKeys, type BootInfo, type Profile } from '@/features/auth';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useLangStore, type Lang } from '@/lib/i18n';
import { privacyKeys, type Consents } from '@/entities/privacy';
import { createQueryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { createAppRouter } from '@/router';

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
  return Object.assign(renderRouter(router, queryClient), { queryClient });
}

/** The app's providers around a router. */
export function renderRouter(router: AnyRouter, queryClient: QueryClient): RenderResult {
  return render(
    // env="test": no portals and no transitions, so dialogs and drawers render in place at once.
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The demo member, signed in with a verified phone: what the member screens' guard lets through. */
export const SIGNED_IN_MEMBER: BootInfo = { user: 'line-1@line.me', roles: ['Member'], full_name: 'สมใจ ใจดี', csrf_token: 'x', branch: null };
/** The demo member's consents: the current privacy notice agreed to, offers answered (no question in the way). */
export const CONSENTS_UP_TO_DATE: Consents = {
  current_notice_version: 1,
  consents: { privacy_notice: { granted: 1, version: 1, at: '2026-01-01T00:00:00.000Z' }, marketing: { granted: 0, at: '2026-01-01T00:00:00.000Z' } },
};
const VERIFIED = { name: 'CUST-00002', user: SIGNED_IN_MEMBER.user, first_name: 'สมใจ', phone_verified: true, loyalty_points: 24 } as unknown as Profile;

/**
 * Renders the whole app (its real route tree, layouts and guards) at `href`, signed in as the demo member unless
 * the query client says otherwise; returns the router to drive and inspect the history.
 */
export function renderAppAt(href: string, { queryClient = testQueryClient(), lang = 'en' }: Omit<RenderAppOptions, 'path'> = {}) {
  useLangStore.setState({ lang });
  if (queryClient.getQueryData(authKeys.boot) === undefined) queryClient.setQueryData(authKeys.boot, SIGNED_IN_MEMBER);
  if (queryClient.getQueryData(authKeys.profile) === undefined) queryClient.setQueryData(authKeys.profile, VERIFIED);
  if (queryClient.getQueryData(privacyKeys.consents) === undefined) queryClient.setQueryData(privacyKeys.consents, CONSENTS_UP_TO_DATE);
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [href] }) });
  return Object.assign(renderRouter(router, queryClient), { queryClient, router });
}

/**
 * Replaces fetch, for each test of the file, with a spy whose calls never answer: a screen stays in its loading
 * or submitting state for the test to look at, and `expect(spy)` shows what was (or was not) sent.
 */
export function stubFetchNeverAnswering() {
  return stubFetch(() => new Promise<Response>(() => {}));
}

/**
 * Replaces fetch, for each test of the file, with a spy answering as `answer` does (a fake server); `reset` runs
 * after each test, to forget what that server logged.
 */
export function stubFetch(answer: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>, reset?: () => void) {
  const spy = vi.fn(answer);
  beforeEach(() => vi.stubGlobal('fetch', spy));
  afterEach(() => {
    spy.mockClear();
    reset?.();
    vi.unstubAllGlobals();
  });
  return spy;
}
