import { useT, type MessageKey } from '@/lib/i18n';
import type { OutboxState } from '@/lib/outbox';
import classes from './offline.module.css';

const LABELS: Record<OutboxState, MessageKey> = {
  waiting: 'offline.stateWaiting',
  sending: 'offline.stateSending',
  saved: 'offline.stateSaved',
  rejected: 'offline.stateRejected',
};

/** 'Waiting to sync' / 'Syncing' / 'Saved' / 'Not saved' for a change that went through the outbox. */
export function SyncBadge({ state }: { state: OutboxState }) {
  const t = useT();
  return (
    <span className={classes.badge} data-state={state} data-testid="sync-badge" role="status">
      <span className={classes.dot} aria-hidden="true" />
      {t(LABELS[state])}
    </span>
  );
}
