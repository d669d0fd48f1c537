import { Text, Title, type TitleOrder } from '@mantine/core';

/** A heading and the dimmed sentence under it that says what the block is for (empty states, gates, panels). */
export function TitledText({ title, text, order = 2, size = 'h4' }: { title: string; text: string; order?: TitleOrder; size?: string }) {
  return (
    <>
      <Title order={order} size={size}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {text}
      </Text>
    </>
  );
}
