import '@mantine/core/styles/Switch.css';
import { Paper, Switch, Text } from '@mantine/core';
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

export interface SettingSwitchProps {
  /** Names the label (`<id>-label`) and the hint (`<id>-hint`) the switch is labelled and described by. */
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
  trackClassName?: string;
  testId?: string;
}

/** A setting turned on and off: its name and what it does, and the switch at the end of the row. */
export function SettingSwitch({ id, label, hint, checked, disabled, onChange, className, trackClassName, testId }: SettingSwitchProps) {
  return (
    <div className={className ? `${classes.switchRow} ${className}` : classes.switchRow}>
      <div>
        <Text id={`${id}-label`} size="sm" fw={600}>
          {label}
        </Text>
        <Text id={`${id}-hint`} size="xs" c="dimmed">
          {hint}
        </Text>
      </div>
      <Switch
        size="md"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        classNames={trackClassName ? { track: trackClassName } : undefined}
        data-testid={testId}
      />
    </div>
  );
}
