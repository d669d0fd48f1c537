import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppHeader } from '@/components/app-header';
import { AppShell } from '@/components/app-shell';
import { visitorGuard } from '@/features/auth';

/**
 * Signing in and its steps (/login, /welcome, /signup, /phonverify, the staff sign-in, password reset, the card's entry inside LINE): open to
 * anyone, under the brand header. A screen sends on a visitor who no longer needs it in its own beforeLoad.
 */
export const Route = createFileRoute('/_guest')({
  beforeLoad: visitorGuard,
  component: GuestLayout,
});

function GuestLayout() {
  return (
    <AppShell header={<AppHeader />}>
      <Outlet />
    </AppShell>
  );
}
