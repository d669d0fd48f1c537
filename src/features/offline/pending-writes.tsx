import { Text } from '@mantine/core';
import { useT } from '@/lib/i18n';
import { useOutbox, type OutboxEntry } from '@/lib/outbox';
import { SyncBadge } from '@/components/sync-status';

const pending = (e: OutboxEntry) => e.state === 'waiting' || e.state === 'sending';

/** "2 changes waiting to sync" — for the account screen; nothing when all is saved. */
export function PendingWritesNote() {
  const t = useT();
  const waiting = useOutbox(pending);
  if (waiting.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="pending-writes" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <SyncBadge state="waiting" />
      {t('offline.pendingCount', { n: waiting.length })}
    </Text>
  );
}
