import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { AddressList, addressesQuery } from '@/features/addresses';
import { useT } from '@/lib/i18n';

export const Route = createFileRoute('/_member/_screen/shipping-address/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(addressesQuery());
  },
  component: ShippingAddressPage,
});

function ShippingAddressPage() {
  const t = useT();
  return (
    <>
      <TitleHeader title={t('addresses.listTitle')} backTo="/my-account" />
      <AddressList />
    </>
  );
}
