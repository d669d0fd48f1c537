import { useEffect, useState } from 'react';
import { OfflineIcon } from '@/components/icons';
import { localeOf, useLang, useT, type Translate } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import classes from './offline.module.css';

const MINUTE = 60_000;

/** "just now", "5 min ago", "3 h ago", else the date and time in the member's language. */
export function formatUpdated(updatedAt: number, now: number, t: Translate, locale: string): string {
  const age = Math.max(0, now - updatedAt);
  if (age < MINUTE) return t('offline.justNow');
  if (age < 60 * MINUTE) return t('offline.minutesAgo', { n: Math.floor(age / MINUTE) });
  if (age < 12 * 60 * MINUTE) return t('offline.hoursAgo', { n: Math.floor(age / (60 * MINUTE)) });
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(updatedAt);
}

/**
 * The quiet "Offline · updated 5 min ago" note over cached data. Renders nothing online or when there is no
 * data. Pass the query's `dataUpdatedAt` (the newest one when a screen shows several).
 */
export function OfflineNote({ updatedAt }: { updatedAt: number | undefined }) {
  const t = useT();
  const [lang] = useLang();
  const online = useOnline();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (online) return;
    const id = window.setInterval(() => setNow(Date.now()), MINUTE);
    return () => window.clearInterval(id);
  }, [online]);
  if (online || !updatedAt) return null;
  return (
    <span className={classes.note} role="status" data-testid="offline-note">
      <OfflineIcon size={14} aria-hidden="true" />
      {t('offline.updatedAt', { time: formatUpdated(updatedAt, now, t, localeOf(lang)) })}
    </span>
  );
}
