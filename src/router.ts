import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import { ErrorView } from './components/error-view';
import { NotFoundView } from './components/not-found-view';
import { PageSkeleton } from './components/page-skeleton';
import { trackOrigins } from './lib/came-from';

/**
 * One router per app (or per test, with a memory history). Route files get `context.queryClient` in
 * beforeLoad/loader: `loader: ({ context }) => context.queryClient.ensureQueryData(someQueryOptions())`.
 */
export function createAppRouter(queryClient: QueryClient, options: { history?: RouterHistory } = {}) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    // Loaders only warm the TanStack Query cache, which decides freshness itself: never skip a loader.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // A child route's error or not-found renders inside the shell (header and bottom nav stay usable).
    defaultErrorComponent: ErrorView,
    defaultNotFoundComponent: NotFoundView,
    defaultPendingComponent: PageSkeleton,
    defaultPendingMs: 300,
  });
  // Screens' back arrows return to where the member came from (src/components/title-header.tsx).
  trackOrigins(router);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface HistoryState {
    /** Set on an entry a screen opens over itself (a panel of checkout): closing it is a step back in the history. */
    stacked?: boolean;
  }
}
