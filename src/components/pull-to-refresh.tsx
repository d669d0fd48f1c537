import { lazy, Suspense } from 'react';

// Its own chunk, fetched right after the screen (and precached): the first route stays as light as it was.
const PullIndicator = lazy(() => import('./pull-indicator').then((m) => ({ default: m.PullIndicator })));

/** Pull to refresh for a screen (see ./pull-indicator): `onRefresh` fetches the screen's data again. */
export function PullToRefresh({ onRefresh }: { onRefresh: () => Promise<unknown> }) {
  return (
    <Suspense fallback={null}>
      <PullIndicator onRefresh={onRefresh} />
    </Suspense>
  );
}
