import { Button, Group, Paper, Text } from '@mantine/core';
import { useT } from '@/lib/i18n';
import { applyUpdate, dismissUpdate, useUpdateAvailable } from '@/lib/sw-update';
import { SparkIcon } from './icons';
import classes from './update-prompt.module.css';

/**
 * "A new version is ready": nothing changes until the member agrees (a half-filled form is never lost to an
 * automatic reload). Update activates the waiting service worker and reloads; Later hides it until next time.
 */
export function UpdatePrompt({ aboveNav = false }: { aboveNav?: boolean }) {
  const t = useT();
  const visible = useUpdateAvailable();
  if (!visible) return null;
  return (
    <Paper
      className={classes.prompt}
      data-above-nav={aboveNav || undefined}
      shadow="lg"
      radius="lg"
      p="md"
      withBorder
      role="alertdialog"
      aria-labelledby="update-prompt-title"
      aria-describedby="update-prompt-text"
      data-testid="update-prompt"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <SparkIcon size={22} color="var(--mantine-primary-color-filled)" />
        <div>
          <Text id="update-prompt-title" fw={700}>
            {t('common.updateAvailable')}
          </Text>
          <Text id="update-prompt-text" size="sm" c="dimmed">
            {t('common.updateText')}
          </Text>
        </div>
      </Group>
      <Group justify="flex-end" gap="xs" mt="sm">
        <Button variant="subtle" color="gray" onClick={dismissUpdate}>
          {t('common.later')}
        </Button>
        <Button onClick={applyUpdate}>{t('common.updateNow')}</Button>
      </Group>
    </Paper>
  );
}
