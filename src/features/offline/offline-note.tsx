import { useEffect, useState } from 'react';
import { OfflineIcon } from '@/components/icons';
import { formatUpdated } from '@/components/offline-state';
import { localeOf, useLang, useT } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import classes from './offline.module.css';

const MINUTE = 60_000;

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
