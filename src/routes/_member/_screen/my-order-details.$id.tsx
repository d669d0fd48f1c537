import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { useCurrentUser } from '@/features/auth';
import { invoiceQuery, OrderDetails, useLiveOrders } from '@/features/orders';
import { useT } from '@/lib/i18n';

/** /my-order-details/{name}: what a member expects of an order: lines, totals, address, dates. */
export const Route = createFileRoute('/_member/_screen/my-order-details/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(invoiceQuery(params.id));
  },
  component: OrderDetailsPage,
});

function OrderDetailsPage() {
  const t = useT();
  const { id } = Route.useParams();
  useLiveOrders(useCurrentUser().boot?.user);
  return (
    <>
      <TitleHeader title={t('orders.detailsTitle')} backTo="/my-order" />
      <OrderDetails name={id} />
    </>
  );
}
