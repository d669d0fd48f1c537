import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useT } from '@/lib/i18n';
import '@mantine/core/styles/ThemeIcon.css';

/** /success: the reward redemption success page, with links to /my-order and /reward-history. */
export function RedemptionSuccess({ orderId }: { orderId?: string }) {
  const t = useT();
  return (
    <Stack align="center" ta="center" gap="md" p="xl" pt={48}>
      <ThemeIcon size={88} radius={44} color="teal" variant="light" aria-hidden="true">
        <svg width={48} height={48} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
          <path d="M5 12l5 5L20 7" />
        </svg>
      </ThemeIcon>
      <Title order={1} size="h2">
        {t('coupons.rwSuccessTitle')}
      </Title>
      <Text c="dimmed" maw={320}>
        {t('coupons.rwSuccessText')}
      </Text>
      {orderId && (
        <Text size="sm" fw={600}>
          {t('coupons.rwSuccessOrder', { order: orderId })}
        </Text>
      )}
      <Stack gap="sm" w="100%" maw={320} mt="md">
        <Button size="md" radius="xl" renderRoot={(props) => <Link {...props} to="/my-order" />}>
          {t('coupons.rwSuccessMyOrders')}
        </Button>
        <Button size="md" radius="xl" variant="default" renderRoot={(props) => <Link {...props} to="/reward-history" />}>
          {t('coupons.rwSuccessHistory')}
        </Button>
      </Stack>
    </Stack>
  );
}
