import { Button, Text, Title } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { formatMoment } from '@/lib/format/moment';
import { useLang, useT, type Lang, type Translate } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { useShownDataUpdatedAt } from '@/lib/persistence';
import { OfflineIcon } from './icons';
import classes from './offline-state.module.css';

const MINUTE = 60_000;

/** "just now", "5 min ago", "3 h ago", else the date and time in the member's language. */
export function formatUpdated(updatedAt: number, now: number, t: Translate, lang: Lang): string {
  const age = Math.max(0, now - updatedAt);
  if (age < MINUTE) return t('offline.justNow');
  if (age < 60 * MINUTE) return t('offline.minutesAgo', { n: Math.floor(age / MINUTE) });
  if (age < 12 * 60 * MINUTE) return t('offline.hoursAgo', { n: Math.floor(age / (60 * MINUTE)) });
  return formatMoment(updatedAt, lang);
}

/** A minute clock for relative times: read when subscribed, then every minute. */
let clockNow = 0;
function subscribeClock(onChange: () => void) {
  clockNow = Date.now();
  const id = window.setInterval(() => {
    clockNow = Date.now();
    onChange();
  }, MINUTE);
  return () => window.clearInterval(id);
}
const useMinuteClock = () => useSyncExternalStore(subscribeClock, () => clockNow, () => 0);

/**
 * A note over the page while the device is offline, with how old the data on screen is ("offline · updated 5 min
 * ago"), so every screen showing cached data says so. It floats (offline-state.module.css): it never moves the page.
 */
export function OfflineBanner() {
  return useOnline() ? null : <OfflineBar />;
}

/** The bar itself: mounted only while offline, so the query cache is watched and the clock ticks only then. */
function OfflineBar() {
  const t = useT();
  const [lang] = useLang();
  const updatedAt = useShownDataUpdatedAt();
  const now = useMinuteClock();
  return (
    <div className={classes.banner} role="status" data-testid="offline-banner">
      <OfflineIcon size={16} />
      <span>
        {t('common.offlineBanner')}
        {updatedAt > 0 && <span data-testid="offline-updated"> · {t('offline.updatedAt', { time: formatUpdated(updatedAt, now, t, lang) })}</span>}
      </span>
    </div>
  );
}

/** The quiet "offline, last updated …" note a screen shows over cached data: cached screens never become error pages offline. */
export function LastUpdatedNote({ updatedAt }: { updatedAt: number | Date }) {
  const t = useT();
  const [lang] = useLang();
  const online = useOnline();
  if (online) return null;
  const time = formatMoment(updatedAt, lang);
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
    <div className={classes.state} data-testid="offline-state">
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
