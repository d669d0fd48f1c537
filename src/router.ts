import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import { ErrorView } from './components/error-view';
import { NotFoundView } from './components/not-found-view';
import { PageSkeleton } from './components/page-skeleton';

/**
 * One router per app (or per test, with a memory history). Route files get `context.queryClient` in
 * beforeLoad/loader: `loader: ({ context }) => context.queryClient.ensureQueryData(someQueryOptions())`.
 */
export function createAppRouter(queryClient: QueryClient, options: { history?: RouterHistory } = {}) {
  return createRouter({
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
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  /**
   * Per-route shell options, set in a route file: `createFileRoute('/x')({ staticData: { bottomNav: true } })`.
   * The deepest route that sets a flag wins.
   */
  interface StaticDataRouteOption {
    /** Show the bottom navigation (default: only on /, /categories, /reward-history, /my-account). */
    bottomNav?: boolean;
    /** The tab marked current on a screen that is not itself a tab (e.g. '/my-account' on the terms page). */
    bottomNavTab?: string;
    /** Show the shared brand header (default true; screens with their own TitleHeader usually set false). */
    appHeader?: boolean;
  }
}
