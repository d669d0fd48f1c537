import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { OfflineState } from '@/components/offline-state';
import { PageSkeleton } from '@/components/page-skeleton';
import { useT } from '@/lib/i18n';
import { itemsByNameQuery } from '../api';
import classes from './shop.module.css';
import '@mantine/core/styles/Table.css';
import { imageUrl } from '@/lib/file-url';

function MarketplaceIcon() {
  return (
    <svg width={28} height={28} viewBox="0 0 24 24" aria-hidden="true">
      <rect x="2" y="5" width="20" height="15" rx="3" fill="#ee4d2d" />
      <path d="M8 9a4 4 0 008 0" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path d="M9 5V4a3 3 0 016 0v1" fill="none" stroke="#ee4d2d" strokeWidth="2" />
    </svg>
  );
}

/** product-compare/{id}: the product's image, name and price, and the other sales channel (no price of theirs). */
export function ProductCompare({ id }: { id: string }) {
  const t = useT();
  const query = useQuery(itemsByNameQuery([id]));
  if (query.isPending) return <PageSkeleton rows={2} />;
  if (query.isError && !query.data) return <OfflineState onRetry={() => void query.refetch()} />;
  const item = query.data?.[0];
  if (!item) {
    return (
      <Text p="xl" ta="center" c="dimmed">
        {t('shop.productNotFound')}
      </Text>
    );
  }
  return (
    <Stack gap="md" p="md">
      <Paper radius="lg" withBorder p="md">
        <Stack align="center" gap="xs">
          <div className={classes.imageBox} style={{ width: 200 }}>
            {item.website_image && <img src={imageUrl(item.website_image)} alt={item.item_name} width={200} height={200} />}
          </div>
          <Title order={2} size="h4" ta="center">
            {item.item_name}
          </Title>
          <Text fw={800} size="xl" c="brand.8">
            {item.formatted_price}
          </Text>
        </Stack>
      </Paper>
      <Paper radius="lg" withBorder>
        <Table verticalSpacing="sm" horizontalSpacing="md">
          <Table.Caption>{t('shop.compareCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('shop.compareChannel')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('shop.comparePrice')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{t('shop.compareOurShop')}</Table.Td>
              <Table.Td ta="end" fw={700}>
                {item.formatted_price}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                  <MarketplaceIcon />
                  {t('shop.compareMarketplace')}
                </span>
              </Table.Td>
              <Table.Td ta="end" c="dimmed">
                {t('shop.compareNoPrice')}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
