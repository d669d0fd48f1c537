import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppHeader } from '@/components/app-header';
import { AppShell } from '@/components/app-shell';
import { BottomNav } from '@/components/bottom-nav';
import { HeaderCartButton } from '@/features/cart';

/** The home and account tabs: the brand header (with the cart) above, the tab bar below. */
export const Route = createFileRoute('/_member/_home')({
  component: HomeLayout,
});

function HomeLayout() {
  return (
    <AppShell header={<AppHeader actions={<HeaderCartButton />} />} nav={<BottomNav />}>
      <Outlet />
    </AppShell>
  );
}
