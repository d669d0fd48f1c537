import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '@/components/app-shell';
import { BottomNav } from '@/components/bottom-nav';

/** The other screens with the tab bar (rewards, history, the terms under the account tab): each draws its own title bar. */
export const Route = createFileRoute('/_member/_tabs')({
  component: TabsLayout,
});

function TabsLayout() {
  return (
    <AppShell nav={<BottomNav />}>
      <Outlet />
    </AppShell>
  );
}
