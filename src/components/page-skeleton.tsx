import { Skeleton, Stack } from '@mantine/core';
import { useT } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { useIsRestoringPersistence } from '@/lib/persistence';
import { OfflineState } from './offline-state';

export interface PageSkeletonProps {
  /** Number of list rows under the heading block. */
  rows?: number;
  /** Show a wide card placeholder (banner, balance card) first. */
  withCard?: boolean;
}

/** Placeholder for a screen whose data is loading; announced once to screen readers as "loading". */
export function PageSkeleton({ rows = 4, withCard = true }: PageSkeletonProps) {
  const t = useT();
  // Offline, a screen still loading once the device's cache is read has nothing saved: say so, not a skeleton forever.
  const online = useOnline();
  const restoring = useIsRestoringPersistence();
  if (!online && !restoring) return <OfflineState />;
  return (
    <Stack gap="md" p="md" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      {withCard && <Skeleton height={120} radius="lg" />}
      <Skeleton height={20} width="60%" radius="sm" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={64} radius="md" />
      ))}
    </Stack>
  );
}

/** N product-card placeholders in a row (the rewards carousels show 3 for their first second). */
export function CardRowSkeleton({ count = 3, width = 150 }: { count?: number; width?: number }) {
  return (
    <div style={{ display: 'flex', gap: 12, overflow: 'hidden' }} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <Stack key={i} gap={6} style={{ flex: `0 0 ${width}px` }}>
          <Skeleton height={width} radius="md" />
          <Skeleton height={14} width="80%" />
          <Skeleton height={14} width="40%" />
        </Stack>
      ))}
    </div>
  );
}
