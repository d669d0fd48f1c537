import { Button, Group, Text } from '@mantine/core';
import { useT, type MessageKey } from '@/lib/i18n';
import { discardEntry, type OutboxEntry, type OutboxState } from '@/lib/outbox';
import classes from './sync-status.module.css';

/*
 * Status of a change that went through the offline outbox (src/lib/outbox.ts). Data-free, shared so that
 * feature screens (addresses, profile) can show it next to the record; texts in the 'offline' catalogue.
 */

const LABELS: Record<OutboxState, MessageKey> = {
  waiting: 'offline.stateWaiting',
  sending: 'offline.stateSending',
  saved: 'offline.stateSaved',
  rejected: 'offline.stateRejected',
};

/** 'Waiting to sync' / 'Syncing' / 'Saved' / 'Not saved'. */
export function SyncBadge({ state }: { state: OutboxState }) {
  const t = useT();
  return (
    <span className={classes.badge} data-state={state} data-testid="sync-badge" role="status">
      <span className={classes.dot} aria-hidden="true" />
      {t(LABELS[state])}
    </span>
  );
}

/**
 * A queued change the server refused, with the server's own message; the member fixes it (`onFix`, e.g. opens
 * the form prefilled with `entry.args`) or discards it.
 */
export function RejectedWrite({
  entry,
  message,
  onFix,
}: {
  entry: OutboxEntry;
  /** The server's message in the member's language, when the feature knows it; else the server's text. */
  message?: string;
  onFix?: (entry: OutboxEntry) => void;
}) {
  const t = useT();
  return (
    <div className={classes.rejected} role="alert" data-testid="rejected-write">
      <Text size="sm" fw={600}>
        {t('offline.rejectedTitle')}
      </Text>
      {entry.label && (
        <Text size="xs" c="dimmed">
          {entry.label}
        </Text>
      )}
      <span className={classes.rejectedMessage}>{message ?? entry.error}</span>
      <Group gap="xs" justify="flex-end">
        {onFix && (
          <Button size="compact-sm" variant="light" onClick={() => onFix(entry)}>
            {t('offline.fix')}
          </Button>
        )}
        <Button size="compact-sm" variant="subtle" color="red" onClick={() => void discardEntry(entry.id)}>
          {t('offline.discard')}
        </Button>
      </Group>
    </div>
  );
}
