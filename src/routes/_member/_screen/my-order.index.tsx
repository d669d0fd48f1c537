import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { TitleHeader } from '@/components/title-header';
import { useCurrentUser } from '@/features/auth';
import { OfflineGate } from '@/features/offline';
import { OrderList, ordersQuery, useLiveOrders } from '@/features/orders';
import { useT } from '@/lib/i18n';

export const Route = createFileRoute('/_member/_screen/my-order/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(ordersQuery());
  },
  component: MyOrdersPage,
});

function MyOrdersPage() {
  const t = useT();
  const orders = useInfiniteQuery(ordersQuery());
  const queryClient = useQueryClient();
  useLiveOrders(useCurrentUser().boot?.user);
  return (
    <>
      <TitleHeader title={t('orders.title')} backTo="/my-account" />
      <PullToRefresh onRefresh={() => queryClient.refetchQueries({ type: 'active' })} />
      {/* Offline with nothing saved yet: a friendly offline state instead of a skeleton forever. */}
      <OfflineGate query={orders} fallback={<OrderList />}>
        <OrderList />
      </OfflineGate>
    </>
  );
}
