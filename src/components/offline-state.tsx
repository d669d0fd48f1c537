import { Button, Text, Title } from '@mantine/core';
import { localeOf, useLang, useT } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { OfflineIcon } from './icons';
import classes from './offline-state.module.css';

/** Online as src/lib/online.ts believes it (navigator.onLine plus a server probe, right at a cold start). */
export function useOnlineStatus(): boolean {
  return useOnline();
}

/** A thin bar under the header while the device is offline. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const t = useT();
  if (online) return null;
  return (
    <div className={classes.banner} role="status">
      <OfflineIcon size={16} />
      <span>{t('common.offlineBanner')}</span>
    </div>
  );
}

/** The quiet "offline, last updated …" note a screen shows over cached data (DESIGN §6). */
export function LastUpdatedNote({ updatedAt }: { updatedAt: number | Date }) {
  const t = useT();
  const [lang] = useLang();
  const online = useOnlineStatus();
  if (online) return null;
  const time = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(updatedAt);
  return (
    <span className={classes.note} role="status">
      <OfflineIcon size={14} />
      {t('common.offlineLastUpdated', { time })}
    </span>
  );
}

/** Shown instead of content that was never cached and needs the network; never an error page. */
export function OfflineState({ onRetry }: { onRetry?: () => void }) {
  const t = useT();
  return (
    <div className={classes.state}>
      <span className={classes.stateIcon}>
        <OfflineIcon size={32} />
      </span>
      <Title order={2} size="h4">
        {t('common.offlineUnavailableTitle')}
      </Title>
      <Text c="dimmed" size="sm" maw={320}>
        {t('common.offlineUnavailableText')}
      </Text>
      {onRetry && (
        <Button variant="light" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
