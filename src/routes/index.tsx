import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { BrandMark } from '@/components/icons';
import { useT } from '@/lib/i18n';

// Placeholder home: the catalogue/points engineers replace this file with the real member home.
export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  const t = useT();
  return (
    <Stack component="section" align="center" ta="center" gap="md" px="lg" py={48}>
      <BrandMark size={72} />
      <Title order={1}>{t('common.appName')}</Title>
      <Text fw={600} size="lg">
        {t('common.welcomeTitle')}
      </Text>
      <Text c="dimmed" maw={360}>
        {t('common.welcomeText')}
      </Text>
    </Stack>
  );
}
