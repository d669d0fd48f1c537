import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './auth.module.css';

/** The card of the password screens (staff sign-in, forgotten password, new password): title, intro, content, a link under it. */
export function AuthCard({ title, intro, footer, children }: { title: string; intro?: string; footer?: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.screen}>
      <Paper withBorder radius="lg" p="lg" shadow="xs">
        <Stack gap="md">
          <Title order={1} size="h3">
            {title}
          </Title>
          {intro && (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          )}
          {children}
        </Stack>
      </Paper>
      {footer}
    </div>
  );
}
