import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AppShell } from '@/components/app-shell';
import { visitorGuard } from '@/features/auth';

/**
 * The till (/staff): Store Staff only. Guests and members are sent to the staff sign-in; the server refuses every
 * staff method to them anyway (403), so hiding the screen is not the protection.
 */
export const Route = createFileRoute('/_staff')({
  beforeLoad: async (args) => {
    const found = await visitorGuard(args);
    // Loaded here, not at the top: beforeLoad runs in the app shell, and the staff api (with its strings) is only
    // needed on the way to the till.
    const { isStaff, staffSessionQuery } = await import('@/features/staff/api');
    // Always asked afresh: a cached Guest answer from before signing in must not bounce staff back to sign-in.
    const info = await args.context.queryClient.fetchQuery({ ...staffSessionQuery(), staleTime: 0 });
    if (!isStaff(info)) throw redirect({ to: '/staff-login', replace: true });
    return found;
  },
  component: StaffLayout,
});

function StaffLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
