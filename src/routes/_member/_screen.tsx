import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '@/components/app-shell';

/** A screen of its own, the usual member screen: its title bar with a back arrow, no tab bar. */
export const Route = createFileRoute('/_member/_screen')({
  component: ScreenLayout,
});

function ScreenLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
