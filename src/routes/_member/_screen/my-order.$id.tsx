import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { useCurrentUser } from '@/features/auth';
import { OfflineGate } from '@/features/offline';
import { invoiceQuery, RewardOrderDetail, useLiveOrders } from '@/features/orders';
import { useT } from '@/lib/i18n';

/** The reward order detail: the order name as Code, QR Code and Barcode for the store. */
export const Route = createFileRoute('/_member/_screen/my-order/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(invoiceQuery(params.id));
  },
  component: RewardOrderPage,
});

function RewardOrderPage() {
  const t = useT();
  const { id } = Route.useParams();
  const invoice = useQuery(invoiceQuery(id));
  useLiveOrders(useCurrentUser().boot?.user);
  return (
    <>
      <TitleHeader title={t('orders.rewardTitle')} backTo="/my-order" />
      {/* Opened before: it paints from the device with no network; never opened: a friendly offline state. */}
      <OfflineGate query={invoice} fallback={<RewardOrderDetail name={id} />}>
        <RewardOrderDetail name={id} />
      </OfflineGate>
    </>
  );
}
