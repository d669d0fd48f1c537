import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { NotFoundView } from '@/components/not-found-view';
import { invoiceQuery } from '@/entities/orders';
import { isFrappeClientError } from '@/lib/frappe';
import { useT } from '@/lib/i18n';
import { formatBaht } from '@/lib/format/numbers';
import '@mantine/core/styles/ThemeIcon.css';


/**
 * /thankyou?order_id&amount: the order, bank-transfer instructions for a purchase, links to orders and history.
 * `afterRedemption` is shown under a redemption (the route puts the notifications offer there).
 */
export function ThankYou({ orderId, amount, afterRedemption }: { orderId: string; amount: number; afterRedemption?: ReactNode }) {
  const t = useT();
  const order = useQuery(invoiceQuery(orderId));
  // No order named, or none of the member's by that name: nothing to thank for.
  if (!orderId || (order.isError && isFrappeClientError(order.error) && (order.error.httpStatus === 404 || order.error.httpStatus === 403))) {
    return <NotFoundView />;
  }
  const redemption = order.data?.order_type === 'redemption';
  const toPay = order.data ? order.data.grand_total : amount;
  const reward = order.data?.items[0]?.item_name;
  return (
    <Stack gap="md" p="md" align="stretch">
      <Stack align="center" gap="xs" ta="center" pt="md">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden="true">
          <svg width={34} height={34} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 12l5 5L20 7" />
          </svg>
        </ThemeIcon>
        <Title order={1} size="h2">
          {redemption ? t('checkout.thankRedeemTitle') : t('checkout.thankTitle')}
        </Title>
      </Stack>
      <Paper withBorder radius="lg" p="md">
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('checkout.orderNumber')}
            </Text>
            <Text fw={700} data-testid="thankyou-order">
              {orderId}
            </Text>
          </Group>
          {redemption ? (
            <>
              {reward && (
                <Group justify="space-between" wrap="nowrap" align="start">
                  <Text size="sm" c="dimmed">
                    {t('checkout.reward')}
                  </Text>
                  <Text fw={700} ta="right" data-testid="thankyou-reward">
                    {reward}
                  </Text>
                </Group>
              )}
              {order.data?.branch && (
                <Group justify="space-between" wrap="nowrap" align="start">
                  <Text size="sm" c="dimmed">
                    {t('checkout.pickupAt')}
                  </Text>
                  <Text fw={700} ta="right" data-testid="thankyou-branch">
                    {order.data.branch}
                  </Text>
                </Group>
              )}
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t('checkout.totalPoints')}
                </Text>
                <Text fw={700}>{t('checkout.pointsSpent', { count: order.data?.loyalty_points ?? 0 })}</Text>
              </Group>
            </>
          ) : (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('checkout.amount')}
              </Text>
              <Text fw={800} size="lg" data-testid="thankyou-amount">
                {formatBaht(toPay)}
              </Text>
            </Group>
          )}
          {!redemption && (order.data?.points_earned ?? 0) > 0 && (
            <Text size="sm" c="teal.9">
              {/* A bank transfer's points are posted once its payment is confirmed (server: confirm_payment). */}
              {t(toPay > 0 ? 'checkout.pointsEarnedOnPayment' : 'checkout.pointsEarned', { count: order.data?.points_earned ?? 0 })}
            </Text>
          )}
        </Stack>
      </Paper>
      {redemption ? (
        <>
          <Paper withBorder radius="lg" p="md" bg="brand.0">
            <Text size="sm">{t('checkout.redeemNext')}</Text>
          </Paper>
          {afterRedemption}
        </>
      ) : toPay > 0 ? (
        <Paper withBorder radius="lg" p="md" data-testid="bank-instructions">
          <Text fw={700} mb={6}>
            {t('checkout.bankTitle')}
          </Text>
          <Text size="sm" mb="sm">
            {t('checkout.bankText', { amount: formatBaht(toPay), order: orderId })}
          </Text>
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">{t('checkout.bankName')}</Text>
              <Text size="sm" fw={600} ta="right">{t('checkout.bankNameValue')}</Text>
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">{t('checkout.bankAccount')}</Text>
              <Text size="sm" fw={600}>{t('checkout.bankAccountValue')}</Text>
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">{t('checkout.bankAccountName')}</Text>
              <Text size="sm" fw={600} ta="right">{t('checkout.bankAccountNameValue')}</Text>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      <Button component={Link} to="/my-order" radius="xl" size="md">
        {t('checkout.toMyOrders')}
      </Button>
      <Button component={Link} to="/reward-history" variant="light" radius="xl" size="md">
        {t('checkout.toHistory')}
      </Button>
      <Button component={Link} to="/" variant="subtle" radius="xl">
        {t('checkout.toHome')}
      </Button>
    </Stack>
  );
}
