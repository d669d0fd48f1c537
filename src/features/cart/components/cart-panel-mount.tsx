import { lazy, Suspense, useEffect, useState } from 'react';
import { syncCartAcrossTabs, useCart } from '../store';

const CartPanel = lazy(() => import('./cart-panel').then((m) => ({ default: m.CartPanel })));

/**
 * Mounted once by the root layout: keeps the cart in step with other tabs, and loads the side panel
 * (Drawer and its CSS) the first time it opens, so no route pays for it up front.
 */
export function CartPanelMount() {
  const isOpen = useCart((s) => s.isOpen);
  const [wanted, setWanted] = useState(isOpen);
  // Once opened, the panel stays mounted (so it can play its closing transition).
  if (isOpen && !wanted) setWanted(true);
  useEffect(() => syncCartAcrossTabs(), []);
  return wanted ? (
    <Suspense fallback={null}>
      <CartPanel />
    </Suspense>
  ) : null;
}
