import { lazy, Suspense } from 'react';

const Shared = lazy(() => import('./cart-button').then((m) => ({ default: m.SharedHeaderCartButton })));

/**
 * The cart button of the shared header (the root layout passes it on member screens). A chunk of its own, fetched
 * only when a member screen shows the header: with the button come the cart's messages (about 1.3 KB gzip), which
 * would otherwise be part of every first load, the sign-in screen's too.
 */
export function HeaderCartButton() {
  return (
    <Suspense fallback={null}>
      <Shared />
    </Suspense>
  );
}
