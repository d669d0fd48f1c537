import { Button, Text } from '@mantine/core';
import { BrandMark } from '@/components/icons';
import { useT } from '@/lib/i18n';
import { dismissInstall, promptInstall, useInstallStore, wasDismissed } from './install';
import classes from './offline.module.css';

/** "Add the app to your home screen": only where the browser offered installation (Chromium), once a month at most. */
export function InstallHint() {
  const t = useT();
  const available = useInstallStore((s) => s.event !== null && !s.installed);
  if (!available || wasDismissed()) return null;
  return (
    <div className={classes.install} data-testid="install-hint">
      <BrandMark size={40} aria-hidden="true" />
      <div className={classes.installText}>
        <Text size="sm" fw={700}>
          {t('offline.installTitle')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('offline.installText')}
        </Text>
      </div>
      <div className={classes.installActions}>
        <Button size="compact-sm" variant="subtle" color="gray" onClick={dismissInstall}>
          {t('offline.notNow')}
        </Button>
        <Button size="compact-sm" onClick={() => void promptInstall()}>
          {t('offline.install')}
        </Button>
      </div>
    </div>
  );
}
