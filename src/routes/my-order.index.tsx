import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { OrderList, ordersQuery } from '@/features/orders';
import { useT } from '@/lib/i18n';

export const Route = createFileRoute('/my-order/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(ordersQuery());
  },
  component: MyOrdersPage,
});

function MyOrdersPage() {
  const t = useT();
  return (
    <>
      <TitleHeader title={t('orders.title')} backTo="/my-account" />
      <OrderList />
    </>
  );
}
