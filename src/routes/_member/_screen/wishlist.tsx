import { createFileRoute } from '@tanstack/react-router';
import { TitleHeader } from '@/components/title-header';
import { CartButton, useCart } from '@/features/cart';
import { WishlistScreen } from '@/features/wishlist';
import { useT } from '@/lib/i18n';

/** /wishlist (back to /my-account): 'add to cart' puts one in the real cart. */
export const Route = createFileRoute('/_member/_screen/wishlist')({
  component: WishlistPage,
});

function WishlistPage() {
  const t = useT();
  const add = useCart((s) => s.add);
  return (
    <>
      <TitleHeader title={t('wishlist.title')} backTo="/my-account" end={<CartButton />} />
      <WishlistScreen onAddToCart={(item) => add(item.item_code)} />
    </>
  );
}
