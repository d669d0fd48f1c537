import { createFileRoute, Outlet, useMatch } from '@tanstack/react-router';
import { AppHeader } from '@/components/app-header';
import { AppShell } from '@/components/app-shell';
import { BottomNav } from '@/components/bottom-nav';
import { HeaderCartButton } from '@/features/cart';

/** The home and account tabs: the brand header (with the cart) above, the tab bar below. */
export const Route = createFileRoute('/_member/_home')({
  component: HomeLayout,
});

function HomeLayout() {
  // The home has a cart button of its own, in the points card. Decided as the page renders, not by the card's layout
  // effect (cart-button.tsx): a server render runs no effects, and the header's button would show there, then go.
  const home = useMatch({ from: '/_member/_home/', shouldThrow: false });
  return (
    <AppShell header={<AppHeader actions={home ? null : <HeaderCartButton />} />} nav={<BottomNav />}>
      <Outlet />
    </AppShell>
  );
}
