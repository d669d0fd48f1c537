import { Badge, Button, Divider, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AddressText } from '@/components/address-text';
import { useLang, useT } from '@/lib/i18n';
import { couponState, invoiceQuery } from '@/entities/orders';
import { imageUrl } from '@/lib/file-url';
import { formatDay } from '@/lib/format/dates';
import { formatBaht } from '@/lib/format/numbers';
import classes from './orders.module.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Divider.css';

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 800 : 600} ta="right">
        {children}
      </Text>
    </Group>
  );
}

/** /my-order-details/{name}: items, totals, points, delivery or branch, payment and status of one order. */
export function OrderDetails({ name }: { name: string }) {
  const t = useT();
  const [lang] = useLang();
  const query = useQuery(invoiceQuery(name));
  if (query.isPending) {
    return (
      <Stack p="md" gap="sm">
        <Skeleton height={100} radius="lg" />
        <Skeleton height={160} radius="lg" />
      </Stack>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Text c="dimmed" ta="center" p="xl">
        {t('orders.notFound')}
      </Text>
    );
  }
  const o = query.data;
  const redemption = o.order_type === 'redemption';
  const state = couponState(o);
  const statusText = o.status === 'Paid' ? t('orders.statusPaid') : o.status === 'Unpaid' ? t('orders.statusUnpaid') : o.status;
  return (
    <Stack gap="md" p="md">
      <Paper withBorder radius="lg" p="md">
        <Stack gap={6}>
          <Row label={t('orders.orderNumber')}>{o.name}</Row>
          <Row label={t('orders.orderedOn', { date: '' }).trim()}>{formatDay(o.posting_date, lang)}</Row>
          <Row label={t('orders.status')}>
            {/* Paid in filled dark teal: the light teal badge fell below 4.5:1 for its small text. */}
            <Badge color={o.status === 'Paid' ? 'teal.9' : 'dark'} variant={o.status === 'Paid' ? 'filled' : 'light'}>
              {statusText}
            </Badge>
          </Row>
          <Row label={t('orders.payment')}>{redemption ? t('orders.paidWithPoints') : t('orders.bankTransfer')}</Row>
          {redemption && o.due_date && <Row label={t('orders.useBy', { date: '' }).trim()}>{formatDay(o.due_date, lang)}</Row>}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="md">
        <Text fw={700} mb="sm">
          {t('orders.items')}
        </Text>
        <ul className={classes.lines}>
          {o.items.map((line) => (
            <li key={line.item_code} className={classes.line}>
              <div className={classes.thumbSmall}>{line.image ? <img src={imageUrl(line.image)} alt="" width={48} height={48} /> : null}</div>
              <Text size="sm" style={{ flex: 1 }}>
                {line.item_name} <Text span c="dimmed">x{line.qty}</Text>
              </Text>
              <Text size="sm" fw={600}>
                {line.loyalty_points > 0 ? t('common.pointsCount', { count: line.loyalty_points }) : formatBaht(line.amount)}
              </Text>
            </li>
          ))}
        </ul>
        <Divider my="sm" />
        <Stack gap={4}>
          {!redemption && <Row label={t('orders.subtotal')}>{formatBaht(o.total)}</Row>}
          {!redemption && <Row label={t('orders.shippingFee')}>{formatBaht(o.shipping_fee)}</Row>}
          {!redemption && <Row label={t('orders.discount')}>-{formatBaht(o.discount_amount)}</Row>}
          {o.loyalty_points > 0 && <Row label={t('orders.pointsUsed')}>{t('common.pointsCount', { count: o.loyalty_points })}</Row>}
          {!redemption && (
            <Row label={t('orders.grandTotal')} strong>
              {formatBaht(o.grand_total)}
            </Row>
          )}
          {o.points_earned > 0 && (
            // A bank transfer's points are posted when the payment is confirmed (server: confirm_payment).
            <Row label={t(o.status === 'Unpaid' ? 'orders.pointsPending' : 'orders.pointsEarned')}>
              +{t('common.pointsCount', { count: o.points_earned })}
            </Row>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="md">
        <Stack gap={6}>
          {o.delivery_method === 'delivery' ? (
            <>
              <Text fw={700}>{t('orders.homeDelivery')}</Text>
              {o.shipping_address ? <AddressText address={o.shipping_address} /> : o.address && <Text size="sm">{o.address}</Text>}
            </>
          ) : (
            <>
              <Text fw={700}>{t('orders.storePickup')}</Text>
              {o.branch && <Row label={t('orders.branch')}>{o.branch}</Row>}
            </>
          )}
        </Stack>
      </Paper>
      {o.delivery_notes.length > 0 && (
        <Paper withBorder radius="lg" p="md">
          <Group justify="space-between">
            <Text fw={700}>{t('orders.coupons')}</Text>
            <Text size="sm" fw={600} c={state === 'usable' ? 'teal.9' : 'dimmed'}>
              {state === 'usable' ? t('orders.couponUsable') : state === 'used' ? t('orders.couponUsed') : ''}
            </Text>
          </Group>
          {state !== 'none' && (
            <Button renderRoot={(props) => <Link {...props} to="/my-order/$id" params={{ id: o.name }} />} mt="sm" radius="xl" fullWidth>
              {t('orders.view')}
            </Button>
          )}
        </Paper>
      )}
    </Stack>
  );
}
