// The app's real route tree, for tests of who may open which screen.
import { createMemoryHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from '@/router';

/** The layout routes that decide who may open a screen and draw its frame. */
export const LAYOUTS = ['_guest', '_member', '_staff', '_admin', '_marketing'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** A router on a memory history at `href` (nothing loaded yet: call `router.load()`). */
export const routerAt = (href: string, queryClient: QueryClient = createQueryClient()) =>
  createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [href] }) });

/** The top-level layout a path's screen sits under; undefined when no screen has that path. */
export function layoutOf(pathname: string): Layout | undefined {
  const [matched, , found] = routerAt('/').getMatchedRoutes(pathname);
  if (!found) return undefined;
  const top = matched.map((r) => r.id.split('/')[1]).find((id): id is Layout => LAYOUTS.includes(id as Layout));
  return top;
}
