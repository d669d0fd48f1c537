import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppHeader } from '@/components/app-header';
import { AppShell } from '@/components/app-shell';
import { HeaderCartButton } from '@/features/cart';

/** The end of a flow (an order placed, a reward redeemed): the brand header, no tab bar. */
export const Route = createFileRoute('/_member/_done')({
  component: DoneLayout,
});

function DoneLayout() {
  return (
    <AppShell header={<AppHeader actions={<HeaderCartButton />} />}>
      <Outlet />
    </AppShell>
  );
}
