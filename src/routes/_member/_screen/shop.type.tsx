import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { AdvancedFilter } from '@/features/shop';
import { useT } from '@/lib/i18n';

export const Route = createFileRoute('/_member/_screen/shop/type')({
  component: ShopTypePage,
});

function ShopTypePage() {
  const t = useT();
  const search = Route.useSearch();
  return (
    <>
      <TitleHeader title={t('shop.typeTitle')} backTo="/shop" />
      <AdvancedFilter search={search} />
    </>
  );
}
