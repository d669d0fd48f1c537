import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Box } from '@mantine/core';
import * as v from 'valibot';
import { TitleHeader } from '@/components/title-header';
import { AddressEditor, addressOptionsQuery, useRejectedAddressWrite } from '@/features/addresses';
import { useT } from '@/lib/i18n';

/** `fix`: the outbox id of a refused add, opened from the list's "Fix" button. */
const searchSchema = v.object({ fix: v.optional(v.pipe(v.string(), v.maxLength(64))) });

export const Route = createFileRoute('/_member/_screen/shipping-address/add')({
  validateSearch: (search) => v.parse(searchSchema, search),
  component: AddAddressPage,
});

function AddAddressPage() {
  const t = useT();
  const { fix } = Route.useSearch();
  const { data: options } = useQuery(addressOptionsQuery());
  const fixing = useRejectedAddressWrite(fix);
  return (
    <>
      <TitleHeader title={t('addresses.addTitle')} backTo="/shipping-address" />
      <Box p="md" pb="xl">
        {/* The outbox loads from IndexedDB after the first render: the form restarts from the refused values. */}
        <AddressEditor key={fixing?.id ?? 'new'} options={options} fixing={fixing} />
      </Box>
    </>
  );
}
