import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** A part of a back-office page: a bordered panel with its heading. */
export function Section({ title, children, radius = 'lg' }: { title: string; children: ReactNode; radius?: 'md' | 'lg' }) {
  return (
    <Paper withBorder radius={radius} p="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
