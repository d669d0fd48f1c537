import { useLayoutEffect } from 'react';
import { create } from 'zustand';
import { useT } from '@/lib/i18n';
import { badgeText, cartCount, useCart } from '../store';
import classes from './cart-button.module.css';

/** Opens the cart side panel; the badge shows the distinct items, capped at 99+. */
function CartButtonView() {
  const t = useT();
  const count = useCart(cartCount);
  const open = useCart((s) => s.open);
  return (
    <button type="button" className={classes.cartButton} onClick={() => open('list')} aria-label={t('cart.open', { count })} data-testid="cart-button">
      <svg width={24} height={24} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M6 6h15l-1.5 9h-12z" />
        <path d="M6 6L5 3H2" />
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
      </svg>
      {count > 0 && (
        <span className={classes.badge} data-testid="cart-badge" aria-hidden="true">
          {badgeText(count)}
        </span>
      )}
    </button>
  );
}

// Screens that put a cart button in their own title bar (home's points card, shop, wishlist...) keep it; the
// shared header's button steps aside while one is mounted, so no screen shows (or announces) two.
const useScreenButtons = create(() => ({ mounted: 0 }));

/** The cart button of a screen's own title bar. */
export function CartButton() {
  // A layout effect: the header hears of this button in the same commit, before the first paint.
  useLayoutEffect(() => {
    useScreenButtons.setState((s) => ({ mounted: s.mounted + 1 }));
    return () => useScreenButtons.setState((s) => ({ mounted: s.mounted - 1 }));
  }, []);
  return <CartButtonView />;
}

/** The shared header's cart button: shown unless the screen has its own (loaded by ./header-cart-button). */
export function SharedHeaderCartButton() {
  const hidden = useScreenButtons((s) => s.mounted > 0);
  return hidden ? null : <CartButtonView />;
}
