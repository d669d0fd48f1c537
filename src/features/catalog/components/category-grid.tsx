import { Button, Chip, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useT, type MessageKey } from '@/lib/i18n';
import { GIFT, GIFT_CARD, isCardVisible, productPagesQuery, type ListArgs } from '../api';
import { ProductCard } from './product-card';
import { useMinDelay } from '@/hooks/use-min-delay';
import classes from './catalog.module.css';
import '@mantine/core/styles/Chip.css';
import { CATEGORY_GROUPS, type CategoryGroup } from '../groups';

const GROUPS: Record<CategoryGroup, { label: MessageKey; list: ListArgs; tag?: string }> = {
  all: { label: 'catalog.categoryAll', list: { rewardsOnly: true } },
  gift: { label: 'catalog.giftRewards', list: { itemGroup: GIFT }, tag: GIFT },
  'gift-card': { label: 'catalog.giftCards', list: { itemGroup: GIFT_CARD }, tag: GIFT_CARD },
};

/** /categories: the rewards by group, a page at a time. */
export function CategoryGrid({ group, onGroup }: { group: CategoryGroup; onGroup: (g: CategoryGroup) => void }) {
  const t = useT();
  const ready = useMinDelay(1000);
  const { list, tag } = GROUPS[group];
  const query = useInfiniteQuery(productPagesQuery(list));
  const items = (query.data?.pages ?? []).flatMap((p) => p.items).filter((i) => isCardVisible(i, tag));
  return (
    <Stack gap={0}>
      <Chip.Group value={group} onChange={(v) => onGroup(v as CategoryGroup)}>
        <Group gap={8} className={classes.tabs} wrap="nowrap" role="radiogroup">
          {CATEGORY_GROUPS.map((g) => (
            <Chip key={g} value={g} radius="xl" variant="light">
              {t(GROUPS[g].label)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {!ready || query.isPending ? (
        <ul className={classes.grid} aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} aria-hidden="true">
              <Skeleton height={150} radius="md" />
              <Skeleton height={14} mt={6} width="80%" />
            </li>
          ))}
        </ul>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl">
          {query.isError ? t('catalog.listFailed') : t('catalog.noRewards')}
        </Text>
      ) : (
        <ul className={classes.grid}>
          {items.map((item) => (
            <li key={item.name}>
              <ProductCard item={item} width="100%" />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="light" radius="xl" mx="md" mt="md" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('catalog.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
