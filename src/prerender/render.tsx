/**
 * Build time only (vite.config.ts prerender loads this in Node): renders a page of the app to HTML with React's
 * server renderer, through the app's own router, layouts and providers, so the markup is the one the app draws.
 * No request leaves the build: the query cache holds who is visiting and Query is told it is offline, so a loader's
 * prefetch waits instead of fetching and a screen shows its loading state.
 */
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider, type AnyRoute } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppProviders } from '@/components/app-providers';
import { isMember, memberKeys, type BootInfo, type Profile } from '@/entities/member';
import { createAppRouter } from '@/router';

export interface RenderedPage {
  html: string;
  /** The route ids the page matched, outermost first ('__root__', '/_guest', '/_guest/login'). */
  routeIds: string[];
  /** The addresses drawn in the same frame (the same layout, no parameters): where the page's frame is right too. */
  framePaths: string[];
}

/** Renders `path` for `visitor`; fails when the app would not show that page there (a redirect, a not-found). */
export async function renderPage(path: string, visitor: BootInfo): Promise<RenderedPage> {
  onlineManager.setOnline(false);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(memberKeys.boot, visitor);
  // A member's frame: a verified member whose profile has not arrived yet (the guard would otherwise wait for it).
  if (isMember(visitor)) queryClient.setQueryData<Partial<Profile>>(memberKeys.profile, { name: visitor.user, user: visitor.user, phone_verified: true });
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  // A guard's redirect leaves the server router with no matches (it records the redirect instead of following it).
  const { location, matches } = router.state;
  const failed = matches.find((m) => m.status !== 'success');
  if (location.pathname !== path || failed || matches.length === 0) {
    const why = failed ? `${failed.routeId}: ${failed.status}` : 'redirected, or nothing matched';
    throw new Error(`prerender ${path}: the app does not show this page here (${why})`);
  }
  // The router's server render adds its inline scroll-restoration script: the CSP (script-src 'self') refuses it,
  // and the app restores scrolling itself once it runs.
  const html = renderToString(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  ).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  queryClient.clear();
  const routes = router.routesById as unknown as Record<string, AnyRoute>;
  const layout = routes[matches.at(-1)?.routeId ?? '']?.parentRoute;
  const framePaths = Object.values(routes)
    .filter((r) => r.parentRoute === layout && !r.fullPath.includes('$'))
    .map((r) => (r.fullPath === '/' ? '/' : r.fullPath.replace(/\/+$/, '')));
  return { html, routeIds: matches.map((m) => m.routeId), framePaths };
}
