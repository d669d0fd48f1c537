import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useT } from '@/lib/i18n';

/** Any URL no route matches. */
export function NotFoundView() {
  const t = useT();
  return (
    <Stack component="section" align="center" gap="sm" p="xl" ta="center">
      <Title order={1} size="h3">
        {t('common.notFoundTitle')}
      </Title>
      <Text c="dimmed">{t('common.notFoundText')}</Text>
      <Button component={Link} to="/" mt="sm">
        {t('common.goHome')}
      </Button>
    </Stack>
  );
}
