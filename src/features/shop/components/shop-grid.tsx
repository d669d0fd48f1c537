import { Button, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { OfflineState } from '@/components/offline-state';
import { useT } from '@/lib/i18n';
import { shopGridQuery, type Item } from '../api';
import type { ShopSearch } from '../search';
import { ProductCard } from './product-card';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Badge.css';

export interface ShopGridProps {
  search: ShopSearch;
  /** Actions under each card (wishlist, add to cart), composed by the route. */
  renderActions?: (item: Item) => ReactNode;
}

/** The product grid, filtered and sorted by the server from the address's filters. */
export function ShopGrid({ search, renderActions }: ShopGridProps) {
  const t = useT();
  const query = useInfiniteQuery(shopGridQuery(search));
  if (query.isPending) {
    return (
      <SimpleGrid cols={2} spacing="sm" role="status" aria-busy="true">
        <span className="visually-hidden">{t('common.loading')}</span>
        {Array.from({ length: 4 }, (_, i) => (
          <Stack key={i} gap={6}>
            <Skeleton height={150} radius="md" />
            <Skeleton height={14} width="80%" />
            <Skeleton height={14} width="40%" />
          </Stack>
        ))}
      </SimpleGrid>
    );
  }
  if (query.isError && !query.data) return <OfflineState onRetry={() => void query.refetch()} />;
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.items_count ?? 0;
  if (items.length === 0) {
    return (
      <Paper radius="lg" p="xl" ta="center" bg="gray.0">
        <Text c="dimmed">{t('shop.noResults')}</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="shop-count">
        {t('shop.resultCount', { count: total })}
      </Text>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="md">
        {items.map((item) => (
          <ProductCard key={item.name} item={item} actions={renderActions?.(item)} />
        ))}
      </SimpleGrid>
      {query.hasNextPage && (
        <Button variant="light" radius="xl" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t('shop.showMore')}
        </Button>
      )}
    </Stack>
  );
}
