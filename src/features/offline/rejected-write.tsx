import '@mantine/core/styles/Button.css';
import { Button, Group, Text } from '@mantine/core';
import { useT } from '@/lib/i18n';
import { discardEntry, type OutboxEntry } from '@/lib/outbox';
import classes from './offline.module.css';

/**
 * A queued change the server refused, with the server's own message; the member fixes it (`onFix`, e.g. opens
 * the form prefilled with `entry.args`) or discards it.
 */
export function RejectedWrite({ entry, onFix }: { entry: OutboxEntry; onFix?: (entry: OutboxEntry) => void }) {
  const t = useT();
  return (
    <div className={classes.rejected} role="alert" data-testid="rejected-write">
      <Text size="sm" fw={600}>
        {t('offline.rejectedTitle')}
      </Text>
      <span className={classes.rejectedMessage}>{entry.error}</span>
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
