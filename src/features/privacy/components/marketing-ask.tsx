import { Button, Group, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';

/**
 * "May we send you offers?", asked once on the home while the member has never answered (marketing consent is
 * null): Yes or No thanks, neither chosen beforehand; either answer is recorded and the card goes. The write (the
 * outbox) is loaded on the tap, not with the home.
 */
export function MarketingAsk() {
  const t = useT();
  const queryClient = useQueryClient();
  const [answering, setAnswering] = useState<0 | 1 | null>(null);
  const answer = async (granted: 0 | 1) => {
    setAnswering(granted);
    try {
      const { setConsent } = await import('@/entities/privacy/set-consent');
      await setConsent(queryClient, { purpose: 'marketing', granted });
    } catch (error) {
      // The refusal's sentence, loaded with it: the errors catalogue is not part of the home.
      const { errorText } = await import('@/lib/error-text');
      toast({ title: errorText(error, t), status: 'error' });
    } finally {
      setAnswering(null);
    }
  };
  return (
    <Paper withBorder radius="lg" p="md" mx="md" mt="md" component="section" aria-labelledby="marketing-ask" data-testid="marketing-ask">
      <Text id="marketing-ask" component="h2" fw={700}>
        {t('privacy.askTitle')}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {t('privacy.askText')}
      </Text>
      <Group grow mt="sm" gap="sm">
        <Button variant="default" radius="xl" loading={answering === 0} disabled={answering === 1} onClick={() => void answer(0)}>
          {t('privacy.askNo')}
        </Button>
        <Button radius="xl" loading={answering === 1} disabled={answering === 0} onClick={() => void answer(1)}>
          {t('privacy.askYes')}
        </Button>
      </Group>
    </Paper>
  );
}
