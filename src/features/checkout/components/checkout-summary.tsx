import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorText } from '@/lib/error-text';
import { useT } from '@/lib/i18n';
import type { CheckoutTotals } from '@/entities/orders';
import classes from './checkout.module.css';

/*
 * The checkout's figures, all of them the server's (checkout_totals): the lines at the top, the totals above the
 * button. Skeletons until they are known.
 */

/** The order's lines as the server priced them; its error, or skeletons, until then. */
export function OrderSummary({ data, error }: { data: CheckoutTotals | undefined; error: unknown }) {
  const t = useT();
  return (
    <section aria-labelledby="checkout-summary">
      <Text id="checkout-summary" component="h2" fw={700} mb={8}>
        {t('checkout.summary')}
      </Text>
      <Paper withBorder radius="lg" p="sm">
        {data ? (
          <ul className={classes.lines}>
            {data.items.map((line) => (
              <li key={line.item_code} className={classes.line}>
                <Text size="sm" style={{ flex: 1 }}>
                  {line.item_name} <Text span c="dimmed">{t('checkout.qty', { count: line.qty })}</Text>
                </Text>
                <Text size="sm" fw={600}>
                  {line.loyalty_points > 0 ? t('common.pointsCount', { count: line.loyalty_points }) : line.formatted_amount}
                </Text>
              </li>
            ))}
          </ul>
        ) : error ? (
          <Text c="red.9" size="sm" role="alert">
            {t('checkout.totalsFailed')}: {errorText(error, t)}
          </Text>
        ) : (
          <Stack gap={8} aria-busy="true" data-testid="summary-skeleton">
            <Skeleton height={16} />
            <Skeleton height={16} width="70%" />
          </Stack>
        )}
      </Paper>
    </section>
  );
}

function Row({ label, value, strong, testId }: { label: string; value: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 600} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** Subtotal, shipping, discount, points used, the grand total and the points the order earns. */
export function OrderTotals({ data }: { data: CheckoutTotals | undefined }) {
  const t = useT();
  return (
    <Paper withBorder radius="lg" p="md">
      {data ? (
        <Stack gap={6}>
          <Row label={t('checkout.subtotal')} value={data.formatted_total} testId="subtotal" />
          <Row label={t('checkout.shippingFee')} value={data.formatted_shipping_fee} testId="shipping-fee" />
          <Row label={t('checkout.discount')} value={`-${data.formatted_discount_amount}`} testId="discount" />
          {data.loyalty_points > 0 && <Row label={t('checkout.pointsUsed')} value={t('common.pointsCount', { count: data.loyalty_points })} />}
          <Row label={t('checkout.grandTotal')} value={data.formatted_grand_total} strong testId="grand-total" />
          <Row label={t('checkout.pointsToEarn')} value={t('common.pointsCount', { count: data.points_to_earn })} testId="points-to-earn" />
        </Stack>
      ) : (
        <Skeleton height={120} data-testid="totals-skeleton" />
      )}
    </Paper>
  );
}
