import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageSkeleton } from '@/components/page-skeleton';
import { TitleHeader } from '@/components/title-header';
import { CartButton, useCart } from '@/features/cart';
import { itemQuery, redeemConditionsQuery, redeemTarget, RewardDetail } from '@/features/catalog';
import { pointsDetailsQuery } from '@/features/points';
import { useT } from '@/lib/i18n';

/** Reward detail: a Gift-group reward goes to its gift checkout, anything else through the cart to /checkout. */
export const Route = createFileRoute('/_member/_screen/products/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(itemQuery(params.id));
    void context.queryClient.prefetchQuery(redeemConditionsQuery());
    void context.queryClient.prefetchQuery(pointsDetailsQuery());
  },
  component: ProductPage,
});

function ProductPage() {
  const t = useT();
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const item = useQuery(itemQuery(id));
  const conditions = useQuery(redeemConditionsQuery());
  const points = useQuery(pointsDetailsQuery());
  const add = useCart((s) => s.add);
  const openCart = useCart((s) => s.open);
  const inCart = useCart((s) => s.items);
  const title = item.data?.item_name ?? t('catalog.detailTitle');
  return (
    <>
      <TitleHeader title={title} backTo="/" end={<CartButton />} />
      {item.isPending ? (
        <PageSkeleton rows={2} />
      ) : item.isError ? (
        <Text c="dimmed" ta="center" p="xl">
          {t('catalog.itemNotFound')}
        </Text>
      ) : (
        <RewardDetail
          item={item.data}
          memberPoints={points.data?.loyalty_points ?? null}
          conditionsHtml={conditions.data?.description}
          onRedeem={() => {
            const target = redeemTarget(item.data);
            if (target.kind === 'gift') {
              void navigate({ to: '/$itemCode/gift-checkout', params: { itemCode: target.itemCode } });
              return;
            }
            if (!inCart[item.data.item_code]) add(item.data.item_code, 1);
            void navigate({ to: '/checkout' });
          }}
          onAddToCart={() => {
            add(item.data.item_code);
            openCart('list');
          }}
        />
      )}
    </>
  );
}
