import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import { useState } from 'react';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { managedOrderQuery, orderRefundsQuery, type ManagedOrder } from '@/entities/admin';
import { bootQuery } from '@/entities/member';
import { formatDay } from '@/lib/format/dates';
import { formatMoment } from '@/lib/format/moment';
import { formatBahtIn, formatNumber } from '@/lib/format/numbers';
import { useLang, useT, type Translate } from '@/lib/i18n';
import { PageSkeleton } from '@/components/page-skeleton';
import { ErrorView } from '@/components/error-view';
import { CANCEL_REASONS, type CancelReason } from '../../../../contracts/order-lifecycle';
import { PageHead } from '../kit/page-head';
import { Figure, SimpleTable } from '../members/member-page';
import { Section } from '../kit/section';
import { CancelDialog, RefundDialog } from './order-dialogs';
import { leftToRefund, orderActions, orderState, rewardUsed } from './order-rules';
import { OrderStateBadge } from './order-state';
import classes from '../kit/back-office.module.css';

/** Refunds are a programme manager's read (list_refunds); a Branch Manager sees the order's own figures. */
const REFUND_READERS = ['System Manager', 'Loyalty Manager'];

function CancelledNote({ order }: { order: ManagedOrder }) {
  const t = useT();
  const [lang] = useLang();
  const by = (CANCEL_REASONS as readonly string[]).includes(order.cancel_reason ?? '') ? t(`backOffice.cancelledBy_${order.cancel_reason as CancelReason}`) : '–';
  return (
    <Alert color="gray" title={t('backOffice.orderCancelled', { date: order.cancelled_at ? formatMoment(order.cancelled_at, lang) : '–', by })} data-testid="order-cancelled">
      {order.cancel_note ? t('backOffice.orderCancelNote', { note: order.cancel_note }) : null}
    </Alert>
  );
}

function Refunds({ order }: { order: ManagedOrder }) {
  const t = useT();
  const [lang] = useLang();
  const refunds = useQuery(orderRefundsQuery(order.name, true));
  const rows = refunds.data?.rows ?? [];
  const shortfall = rows.reduce((sum, r) => sum + r.points_shortfall, 0);
  return (
    <Section title={t('backOffice.refundsTitle')}>
      <Stack gap="sm">
        {shortfall > 0 ? (
          <Alert color="orange" data-testid="refund-shortfall">
            {t('backOffice.refundShortfallAlert', { points: formatNumber(shortfall, lang) })}
          </Alert>
        ) : null}
        <div data-testid="order-refunds">
          <SimpleTable
            head={[t('backOffice.date'), t('backOffice.refundAmount'), t('backOffice.refundPointsBack'), t('backOffice.refundShortfall'), t('backOffice.refundReason'), t('backOffice.refundBy')]}
            rows={rows.map((r) => [formatMoment(r.creation, lang), formatBahtIn(r.amount, lang), formatNumber(r.points_reversed, lang), formatNumber(r.points_shortfall, lang), r.reason, r.created_by])}
            empty={t('backOffice.noRecords')}
          />
        </div>
      </Stack>
    </Section>
  );
}

/** One order: its lines, its collection, its points and money, why it was cancelled, its refunds; cancel and refund. */
export function OrderPage({ name }: { name: string }) {
  const t = useT();
  const [lang] = useLang();
  const order = useQuery(managedOrderQuery(name));
  const boot = useQuery(bootQuery());
  const [dialog, setDialog] = useState<'cancel' | 'refund' | null>(null);
  const o = order.data;
  if (order.isError) return <ErrorView error={order.error} reset={() => void order.refetch()} />;
  if (!o) return <PageSkeleton />;
  const roles = boot.data?.roles ?? [];
  const actions = orderActions(o, roles);
  const purchase = o.order_type === 'purchase';
  const state = orderState(o);
  return (
    <>
      <PageHead title={t('backOffice.orderTitle', { name: o.name })}>
        {actions.cancel ? (
          <Button color="red" variant="light" onClick={() => setDialog('cancel')}>
            {t('backOffice.orderCancel')}
          </Button>
        ) : null}
        {actions.refund ? <Button onClick={() => setDialog('refund')}>{t('backOffice.orderRefund')}</Button> : null}
      </PageHead>
      <Stack gap="md">
        {state === 'cancelled' ? <CancelledNote order={o} /> : null}
        {state !== 'cancelled' && rewardUsed(o) ? <Alert color="blue">{t('backOffice.orderRewardUsed')}</Alert> : null}
        <Section title={t(purchase ? 'backOffice.orderType_purchase' : 'backOffice.orderType_redemption')}>
          <div className={classes.figures}>
            <Figure
              label={t('backOffice.orderMember')}
              value={
                <Anchor inherit renderRoot={(props) => <Link {...props} to="/admin/members/$customer" params={{ customer: o.customer }} />}>
                  {o.customer}
                </Anchor>
              }
            />
            <Figure label={t('backOffice.orderStatus')} value={<OrderStateBadge order={o} />} />
            <Figure label={t('backOffice.date')} value={formatDay(o.posting_date, lang)} />
            <Figure label={t('backOffice.branch')} value={o.branch ?? '–'} />
            <Figure label={t('backOffice.orderPointsSpent')} value={formatNumber(o.loyalty_points, lang)} testId="order-points-spent" />
            {purchase ? (
              <>
                <Figure label={t('backOffice.orderPointsEarned')} value={formatNumber(o.points_earned, lang)} testId="order-points-earned" />
                <Figure label={t('backOffice.orderTotal')} value={formatBahtIn(o.grand_total, lang)} />
                <Figure label={t('backOffice.orderRefunded')} value={formatBahtIn(o.refunded_amount, lang)} testId="order-refunded" />
                <Figure label={t('backOffice.orderLeft')} value={formatBahtIn(leftToRefund(o), lang)} />
              </>
            ) : null}
          </div>
        </Section>
        <Section title={t('backOffice.orderLines')}>
          <SimpleTable
            head={[t('backOffice.orderItem'), t('backOffice.orderQty'), t('backOffice.points'), t('backOffice.orderBaht')]}
            rows={o.items.map((l) => [l.item_name, formatNumber(l.qty, lang), l.loyalty_points ? formatNumber(l.loyalty_points, lang) : '–', l.amount ? formatBahtIn(l.amount, lang) : '–'])}
            empty={t('backOffice.noRecords')}
          />
        </Section>
        {o.delivery_notes.length ? (
          <Section title={t('backOffice.orderDelivery')}>
            <SimpleTable
              head={[t('backOffice.orderName'), t('backOffice.branch'), t('backOffice.orderStatus'), t('backOffice.orderCollectedAt')]}
              rows={o.delivery_notes.map((n) => [n.name, n.branch ?? '–', noteStatus(n.status, t), n.submitted_at ? formatMoment(n.submitted_at, lang) : '–'])}
              empty={t('backOffice.noRecords')}
            />
          </Section>
        ) : null}
        {purchase && roles.some((r) => REFUND_READERS.includes(r)) ? <Refunds order={o} /> : null}
      </Stack>
      <CancelDialog order={o} opened={dialog === 'cancel'} onClose={() => setDialog(null)} />
      <RefundDialog order={o} opened={dialog === 'refund'} onClose={() => setDialog(null)} />
    </>
  );
}

const NOTE_STATUSES = ['Draft', 'Submitted', 'Cancelled'] as const;
const noteStatus = (status: string, t: Translate) =>
  (NOTE_STATUSES as readonly string[]).includes(status) ? t(`backOffice.orderNoteStatus_${status as (typeof NOTE_STATUSES)[number]}`) : status;
