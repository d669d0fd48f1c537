import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '@/components/app-shell';
import { visitorGuard } from '@/features/auth';
import { AdminFrame } from '@/features/admin-frame';
import { sessionQuery } from '@/entities/session';

/**
 * The back office (the programme, branches, members, staff, audit, exports and the blog): the admin frame, whose
 * gate shows its own sign-in to visitors and refuses anyone without a back-office role; the frame hides and
 * refuses the screens the role may not open, and the server checks every call again.
 */
export const Route = createFileRoute('/_admin')({
  beforeLoad: visitorGuard,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sessionQuery());
  },
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <AppShell>
      <AdminFrame>
        <Outlet />
      </AdminFrame>
    </AppShell>
  );
}
