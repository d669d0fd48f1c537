import type { ReactNode } from 'react';
import { OfflineState } from '@/components/offline-state';
import { PageSkeleton } from '@/components/page-skeleton';
import { useOnline, probe } from '@/lib/online';
import { useIsRestoringPersistence } from '@/lib/persistence';

interface QueryLike {
  data: unknown;
  isPending: boolean;
}

/**
 * Renders `children` once the query has data; while it has none: the friendly offline state when offline
 * (after the device's cache was read), else `fallback` (a skeleton). When the connection returns the paused
 * query resumes by itself and the content replaces the offline state.
 */
export function OfflineGate({ query, children, fallback }: { query: QueryLike; children: ReactNode; fallback?: ReactNode }) {
  const online = useOnline();
  const restoring = useIsRestoringPersistence();
  if (query.data !== undefined) return <>{children}</>;
  if (!online && !restoring) return <OfflineState onRetry={() => void probe()} />;
  return <>{fallback ?? <PageSkeleton />}</>;
}
