import '@mantine/core/styles/Badge.css';
import { Badge, Stack, Text } from '@mantine/core';
import type { ManagedOrder } from '@/entities/admin';
import { useT } from '@/lib/i18n';
import { CANCEL_REASONS, type CancelReason } from '../../../../contracts/order-lifecycle';
import { orderState, type OrderState } from './order-rules';

const COLOURS: Record<OrderState, string> = { unpaid: 'yellow', paid: 'teal', partlyRefunded: 'orange', refunded: 'grape', cancelled: 'gray' };

/** The order's state; a cancelled one says who or what cancelled it. */
export function OrderStateBadge({ order }: { order: Pick<ManagedOrder, 'status' | 'refunded_amount' | 'cancel_reason'> }) {
  const t = useT();
  const state = orderState(order);
  const by = (CANCEL_REASONS as readonly string[]).includes(order.cancel_reason ?? '') ? (order.cancel_reason as CancelReason) : null;
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={COLOURS[state]} data-testid="order-state">
        {t(`backOffice.orderState_${state}`)}
      </Badge>
      {state === 'cancelled' && by ? (
        <Text size="xs" c="dimmed">
          {t(`backOffice.cancelledBy_${by}`)}
        </Text>
      ) : null}
    </Stack>
  );
}
