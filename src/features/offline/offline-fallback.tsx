import { Button, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { OfflineIcon } from '@/components/icons';
import { PageSkeleton } from '@/components/page-skeleton';
import { useT } from '@/lib/i18n';
import { useOnline, probe } from '@/lib/online';
import { useIsRestoringPersistence } from '@/lib/persistence';
import classes from './offline.module.css';

/** A screen whose data was never saved on this device and cannot load now: friendly, never a spinner forever. */
export function NeverSeenOffline() {
  const t = useT();
  return (
    <div className={classes.state} data-testid="never-seen-offline">
      <span className={classes.stateIcon}>
        <OfflineIcon size={32} aria-hidden="true" />
      </span>
      <Title order={2} size="h4">
        {t('offline.neverSeenTitle')}
      </Title>
      <Text c="dimmed" size="sm" maw={320}>
        {t('offline.neverSeenText')}
      </Text>
      <Button variant="light" onClick={() => void probe()}>
        {t('offline.tryAgain')}
      </Button>
    </div>
  );
}

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
  if (!online && !restoring) return <NeverSeenOffline />;
  return <>{fallback ?? <PageSkeleton />}</>;
}
