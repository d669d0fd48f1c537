import { Button, Stack, Text, Title } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useT } from '@/lib/i18n';

/**
 * The fallback when a route throws. Rendered inside its layout's frame for a screen's error (router
 * defaultErrorComponent), and under the brand header alone when a layout itself fails (the root's).
 */
export function ErrorView({ error, reset }: ErrorComponentProps) {
  const t = useT();
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <Stack component="section" align="center" gap="sm" p="xl" ta="center" role="alert">
      <Title order={1} size="h3">
        {t('common.errorTitle')}
      </Title>
      <Text c="dimmed">{t('common.errorText')}</Text>
      {import.meta.env.DEV && error instanceof Error && (
        <Text component="pre" size="xs" c="red" style={{ whiteSpace: 'pre-wrap', textAlign: 'start' }}>
          {error.message}
        </Text>
      )}
      <Stack gap="xs" mt="sm" w="100%" maw={280}>
        <Button onClick={retry}>{t('common.retry')}</Button>
        <Button variant="default" onClick={() => window.location.assign('/')}>
          {t('common.goHome')}
        </Button>
      </Stack>
    </Stack>
  );
}
