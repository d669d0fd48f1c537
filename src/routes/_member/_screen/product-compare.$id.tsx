import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { itemsByNameQuery, ProductCompare } from '@/features/shop';
import { useT } from '@/lib/i18n';

/** product-compare/{id}: back to the product's own page. */
export const Route = createFileRoute('/_member/_screen/product-compare/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(itemsByNameQuery([params.id]));
  },
  component: ProductComparePage,
});

function ProductComparePage() {
  const t = useT();
  const { id } = Route.useParams();
  return (
    <>
      <TitleHeader title={t('shop.compareTitle')} backTo={`/products/${encodeURIComponent(id)}`} />
      <ProductCompare id={id} />
    </>
  );
}
