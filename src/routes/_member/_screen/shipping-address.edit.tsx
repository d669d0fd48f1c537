import { Box, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { PageSkeleton } from '@/components/page-skeleton';
import { OfflineState } from '@/components/offline-state';
import { TitleHeader } from '@/components/title-header';
import { AddressEditor, addressesQuery, addressOptionsQuery, useRejectedAddressWrite } from '@/features/addresses';
import { useT } from '@/lib/i18n';

/** `fix`: the outbox id of a refused edit of this address, opened from the list's "Fix" button. */
const searchSchema = v.object({
  name: v.optional(v.pipe(v.string(), v.maxLength(140)), ''),
  fix: v.optional(v.pipe(v.string(), v.maxLength(64))),
});

export const Route = createFileRoute('/_member/_screen/shipping-address/edit')({
  validateSearch: (search) => v.parse(searchSchema, search),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(addressesQuery());
  },
  component: EditAddressPage,
});

function EditAddressPage() {
  const t = useT();
  const { name, fix } = Route.useSearch();
  const fixing = useRejectedAddressWrite(fix);
  const list = useQuery(addressesQuery());
  const { data: options } = useQuery(addressOptionsQuery());
  const address = list.data?.find((a) => a.name === name);
  return (
    <>
      <TitleHeader title={t('addresses.editTitle')} backTo="/shipping-address" />
      {list.isPending ? (
        <PageSkeleton rows={5} withCard={false} />
      ) : list.isError && !list.data ? (
        <OfflineState onRetry={() => void list.refetch()} />
      ) : address ? (
        <Box p="md" pb="xl">
          <AddressEditor key={`${address.name}:${fixing?.id ?? ''}`} address={address} options={options} fixing={fixing} />
        </Box>
      ) : (
        <Stack p="xl" align="center" ta="center">
          <Text>{t('addresses.errNotFound')}</Text>
          <Button component={Link} to="/shipping-address" variant="light" radius="xl">
            {t('addresses.backToList')}
          </Button>
        </Stack>
      )}
    </>
  );
}
