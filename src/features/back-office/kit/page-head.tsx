import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

/** A back-office page's title with its main action beside it. */
export function PageHead({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" mb="md" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children ? <Group gap="sm">{children}</Group> : null}
    </Group>
  );
}
