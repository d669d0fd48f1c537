import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Box } from '@mantine/core';
import { TitleHeader } from '@/components/title-header';
import { AddressEditor, addressOptionsQuery } from '@/features/addresses';
import { useT } from '@/lib/i18n';

export const Route = createFileRoute('/shipping-address/add')({
  component: AddAddressPage,
});

function AddAddressPage() {
  const t = useT();
  const { data: options } = useQuery(addressOptionsQuery());
  return (
    <>
      <TitleHeader title={t('addresses.addTitle')} backTo="/shipping-address" />
      <Box p="md" pb="xl">
        <AddressEditor options={options} />
      </Box>
    </>
  );
}
