import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { invoiceQuery, RewardOrderDetail } from '@/features/orders';
import { useT } from '@/lib/i18n';

/** The reward order detail: the order name as Code, QR Code and Barcode for the store. */
export const Route = createFileRoute('/my-order/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(invoiceQuery(params.id));
  },
  staticData: { bottomNav: false },
  component: RewardOrderPage,
});

function RewardOrderPage() {
  const t = useT();
  const { id } = Route.useParams();
  return (
    <>
      <TitleHeader title={t('orders.rewardTitle')} backTo="/my-order" />
      <RewardOrderDetail name={id} />
    </>
  );
}
