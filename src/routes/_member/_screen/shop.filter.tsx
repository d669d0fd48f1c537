import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { SortFilter } from '@/features/shop';
import { useT } from '@/lib/i18n';

export const Route = createFileRoute('/_member/_screen/shop/filter')({
  component: ShopFilterPage,
});

function ShopFilterPage() {
  const t = useT();
  const search = Route.useSearch();
  return (
    <>
      <TitleHeader title={t('shop.filterTitle')} backTo="/shop" />
      <SortFilter search={search} />
    </>
  );
}
