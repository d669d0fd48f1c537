import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useLang, useT } from '@/lib/i18n';
import { couponState, ordersQuery, type Order } from '@/entities/orders';
import { imageUrl } from '@/lib/file-url';
import { formatDay } from '@/lib/format/dates';
import classes from './orders.module.css';

function OrderRow({ order }: { order: Order }) {
  const t = useT();
  const [lang] = useLang();
  const state = couponState(order);
  const first = order.items[0];
  return (
    <li className={classes.row} data-testid="order-row" data-order={order.name}>
      <Link to="/my-order-details/$id" params={{ id: order.name }} className={classes.rowLink}>
        <div className={classes.thumb}>{first?.image ? <img src={imageUrl(first.image)} alt="" width={64} height={64} /> : null}</div>
        <div className={classes.rowText}>
          <Text fw={700} size="sm" lineClamp={2}>
            {first?.item_name ?? order.name}
            {order.items.length > 1 ? ` ${t('orders.moreItems', { count: order.items.length - 1 })}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {order.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('orders.orderedOn', { date: formatDay(order.posting_date, lang) })}
          </Text>
          <Text size="xs" fw={600} c={state === 'usable' ? 'teal.9' : 'dimmed'} data-testid="coupon-state">
            {state === 'usable' ? t('orders.couponUsable') : state === 'used' ? t('orders.couponUsed') : ''}
          </Text>
        </div>
      </Link>
      {state === 'none' ? (
        <Button size="sm" h={44} radius="xl" color="gray" variant="filled" disabled data-testid="order-view" aria-label={t('orders.viewUnavailable')}>
          {t('orders.view')}
        </Button>
      ) : (
        <Button renderRoot={(props) => <Link {...props} to="/my-order/$id" params={{ id: order.name }} />} size="sm" h={44} radius="xl" data-testid="order-view">
          {t('orders.view')}
        </Button>
      )}
    </li>
  );
}

/** /my-order: the member's orders, newest first. */
export function OrderList() {
  const t = useT();
  const query = useInfiniteQuery(ordersQuery());
  if (query.isPending) {
    return (
      <Stack gap="sm" p="md" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={80} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Text c="dimmed" ta="center" p="xl">
        {t('orders.loadFailed')}
      </Text>
    );
  }
  const orders = query.data.pages.flat();
  if (orders.length === 0) {
    return (
      <Text c="dimmed" ta="center" p="xl">
        {t('orders.empty')}
      </Text>
    );
  }
  return (
    <>
      <ul className={classes.list}>
        {orders.map((o) => (
          <OrderRow key={o.name} order={o} />
        ))}
      </ul>
      {query.hasNextPage && (
        <Stack px="md" pb="md">
          <Button variant="light" radius="xl" h={44} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} data-testid="orders-more">
            {t('orders.loadMore')}
          </Button>
          {query.isFetchNextPageError && (
            <Text size="sm" c="red.9" ta="center" role="alert">
              {t('orders.loadMoreFailed')}
            </Text>
          )}
        </Stack>
      )}
    </>
  );
}
