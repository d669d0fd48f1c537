import { useT } from '@/lib/i18n';
import { badgeText, cartCount, useCart } from '../store';
import classes from './cart.module.css';

/** Opens the cart side panel; the badge shows the distinct items, capped at 99+. */
export function CartButton() {
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
