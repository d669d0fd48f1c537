import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './settings-panel.module.css';

/**
 * A titled panel of the account screen (notifications, privacy). Its blocks are divs with the `block` class of
 * settings-panel.module.css: a hairline between each.
 */
export function SettingsPanel({ id, title, testId, children }: { id: string; title: string; testId: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Text id={id} component="h2" size="sm" fw={700} c="dimmed" mb={6} px={4}>
        {title}
      </Text>
      <Paper radius="lg" withBorder className={classes.panel} data-testid={testId}>
        {children}
      </Paper>
    </section>
  );
}
