import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { TitleHeader } from '@/components/title-header';
import { CartButton, useCart } from '@/features/cart';
import { WISHLIST_TABS, WishlistScreen } from '@/features/wishlist';
import { useT } from '@/lib/i18n';

/** /wishlist (back to /my-account): 'add to cart' puts one in the real cart. */
/** `tab`: in stock or out of stock (every item by default). */
const search = v.object({ tab: v.fallback(v.optional(v.picklist(WISHLIST_TABS)), undefined) });

export const Route = createFileRoute('/_member/_screen/wishlist')({
  validateSearch: (raw) => v.parse(search, raw),
  component: WishlistPage,
});

function WishlistPage() {
  const t = useT();
  const add = useCart((s) => s.add);
  const { tab = 'all' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <TitleHeader title={t('wishlist.title')} backTo="/my-account" end={<CartButton />} />
      <WishlistScreen onAddToCart={(item) => add(item.item_code)} tab={tab} onTabChange={(next) => void navigate({ search: next === 'all' ? {} : { tab: next }, replace: true })} />
    </>
  );
}
