import { createFileRoute, redirect } from '@tanstack/react-router';
import { StaffScreen } from '@/features/staff';

/**
 * /staff: Store Staff only. Guests and members are sent to the staff sign-in; the server refuses every staff
 * method to them anyway (403), so hiding the screen is not the protection.
 */
export const Route = createFileRoute('/staff')({
  staticData: { appHeader: false, bottomNav: false },
  beforeLoad: async ({ context }) => {
    // Loaded here, not at the top: beforeLoad runs in the app shell, and the staff api (with its strings) is only
    // needed on the way to /staff.
    const { isStaff, staffSessionQuery } = await import('@/features/staff/api');
    // Always asked afresh: a cached Guest answer from before signing in must not bounce staff back to sign-in.
    const info = await context.queryClient.fetchQuery({ ...staffSessionQuery(), staleTime: 0 });
    if (!isStaff(info)) throw redirect({ to: '/staff-login', replace: true });
  },
  component: StaffScreen,
});
