import { Button, CloseButton, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { OfflineState } from '@/components/offline-state';
import { PageSkeleton } from '@/components/page-skeleton';
import { useT } from '@/lib/i18n';
import { itemsByNameQuery, type Item } from '@/entities/items';
import { useWishlist } from '../store';
import classes from './wishlist.module.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/CloseButton.css';
import { imageUrl } from '@/lib/file-url';
import type { WishlistTab } from '../tabs';


export interface WishlistScreenProps {
  /** Puts one of the item in the cart (the cart feature's store, composed by the route). */
  onAddToCart: (item: Item) => void;
  /** The tab shown, kept by the route in the address. */
  tab: WishlistTab;
  onTabChange: (tab: WishlistTab) => void;
}

/** /wishlist: tabs all / in stock / out of stock with their real counts; 'add to cart' adds one to the cart. */
export function WishlistScreen({ onAddToCart, tab, onTabChange }: WishlistScreenProps) {
  const t = useT();
  const names = useWishlist((s) => s.items);
  const remove = useWishlist((s) => s.remove);
  const query = useQuery(itemsByNameQuery(names));
  const [added, setAdded] = useState<string | null>(null);
  if (query.isPending) return <PageSkeleton rows={3} withCard={false} />;
  if (query.isError && !query.data) return <OfflineState onRetry={() => void query.refetch()} />;
  const items = query.data ?? [];
  const inStock = items.filter((i) => i.in_stock !== false);
  const outOfStock = items.filter((i) => i.in_stock === false);
  const add = (item: Item) => {
    onAddToCart(item);
    setAdded(item.name);
  };
  const list = (rows: Item[]) =>
    rows.length === 0 ? (
      <Paper radius="lg" p="xl" ta="center" bg="gray.0">
        <Text c="dimmed" size="sm">
          {t('wishlist.empty')}
        </Text>
        <Button mt="md" radius="xl" variant="light" renderRoot={(props) => <Link {...props} to="/shop" />}>
          {t('wishlist.browse')}
        </Button>
      </Paper>
    ) : (
      <Stack gap="sm">
        {rows.map((item) => (
          <Paper key={item.name} radius="lg" withBorder p="sm" className={classes.row} data-testid="wish-item">
            <Link to="/products/$id" params={{ id: item.name }} className={classes.thumb}>
              {item.website_image && <img src={imageUrl(item.website_image)} alt="" width={72} height={72} />}
            </Link>
            <Stack gap={2} className={classes.body}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
                <Text size="sm" fw={600} lineClamp={2}>
                  {item.item_name}
                </Text>
                <CloseButton size="md" aria-label={t('wishlist.removeAria', { name: item.item_name })} onClick={() => remove(item.name)} />
              </Group>
              <Text size="sm" fw={800} c="brand.8">
                {item.formatted_price}
              </Text>
              <Group justify="space-between" mt={4}>
                <Text size="xs" c={item.in_stock === false ? 'red.9' : 'teal.9'}>
                  {item.in_stock === false ? t('wishlist.outOfStock') : t('wishlist.inStock')}
                </Text>
                <Button size="xs" radius="xl" disabled={item.in_stock === false} onClick={() => add(item)}>
                  {added === item.name ? t('wishlist.added') : t('wishlist.addToCart')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Stack p="md" gap="md">
      <Tabs value={tab} onChange={(value) => value && onTabChange(value as WishlistTab)} radius="xl" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="all">{t('wishlist.tabAll', { count: items.length })}</Tabs.Tab>
          <Tabs.Tab value="in">{t('wishlist.tabInStock', { count: inStock.length })}</Tabs.Tab>
          <Tabs.Tab value="out">{t('wishlist.tabOutOfStock', { count: outOfStock.length })}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="all" pt="md">
          {list(items)}
        </Tabs.Panel>
        <Tabs.Panel value="in" pt="md">
          {list(inStock)}
        </Tabs.Panel>
        <Tabs.Panel value="out" pt="md">
          {list(outOfStock)}
        </Tabs.Panel>
      </Tabs>
      <div aria-live="polite" className="visually-hidden">
        {added ? t('wishlist.added') : ''}
      </div>
    </Stack>
  );
}
