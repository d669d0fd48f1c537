import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

/**
 * A back-office page's title, what is said under it (`sub`: a sentence, dimmed, or anything else as it is), and its
 * main actions or filters beside it. `mb` is the space below: none when the page's own stack spaces it.
 */
export function PageHead({ title, sub, children, mb = 'md' }: { title: string; sub?: ReactNode; children?: ReactNode; mb?: string | number }) {
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  return (
    <Group justify="space-between" align={sub ? 'end' : 'center'} mb={mb} gap="sm">
      {sub ? (
        <div>
          {heading}
          {typeof sub === 'string' ? (
            <Text size="sm" c="dimmed">
              {sub}
            </Text>
          ) : (
            sub
          )}
        </div>
      ) : (
        heading
      )}
      {children ? <Group gap="sm" align={sub ? 'end' : undefined}>{children}</Group> : null}
    </Group>
  );
}
