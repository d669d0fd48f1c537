import { Group } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { TitleHeader } from '@/components/title-header';
import { SearchToggle, ShopHome } from '@/features/shop';
import { WishlistToggle } from '@/features/wishlist';
import { useT } from '@/lib/i18n';

export const Route = createFileRoute('/shop/')({
  component: ShopPage,
});

function ShopPage() {
  const t = useT();
  const search = Route.useSearch();
  const [searchOpen, setSearchOpen] = useState(Boolean(search.search));
  return (
    <>
      <TitleHeader
        title={t('shop.title')}
        backTo="/categories"
        end={
          <Group gap={0} wrap="nowrap">
            <SearchToggle open={searchOpen} onToggle={() => setSearchOpen((o) => !o)} />
          </Group>
        }
      />
      <ShopHome
        search={search}
        searchOpen={searchOpen}
        renderActions={(item) => <WishlistToggle name={item.name} label={item.item_name} />}
      />
    </>
  );
}
