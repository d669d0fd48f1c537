import { Group } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { TitleHeader } from '@/components/title-header';
import { Button } from '@mantine/core';
import { CartButton, useCart } from '@/features/cart';
import { SearchToggle, ShopHome } from '@/features/shop';
import { WishlistToggle } from '@/features/wishlist';
import { useT } from '@/lib/i18n';

export const Route = createFileRoute('/_member/_screen/shop/')({
  component: ShopPage,
});

function ShopPage() {
  const t = useT();
  const search = Route.useSearch();
  const [searchOpen, setSearchOpen] = useState(Boolean(search.search));
  const add = useCart((s) => s.add);
  return (
    <>
      <TitleHeader
        title={t('shop.title')}
        backTo="/categories"
        end={
          <Group gap={0} wrap="nowrap">
            <SearchToggle open={searchOpen} onToggle={() => setSearchOpen((o) => !o)} />
            <CartButton />
          </Group>
        }
      />
      <ShopHome
        search={search}
        searchOpen={searchOpen}
        renderActions={(item) => (
          <>
            <WishlistToggle name={item.name} label={item.item_name} />
            <Button
              size="compact-sm"
              radius="xl"
              variant="light"
              style={{ flex: 1, minHeight: 40 }}
              disabled={item.in_stock === false}
              onClick={() => add(item.item_code)}
              aria-label={`${t('shop.addToCart')}: ${item.item_name}`}
            >
              {t('shop.addToCart')}
            </Button>
          </>
        )}
      />
    </>
  );
}
