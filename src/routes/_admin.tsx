import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '@/components/app-shell';
import { visitorGuard } from '@/features/auth';
import { AdminFrame } from '@/features/back-office/frame';
import { sessionQuery } from '@/entities/session';

/**
 * The back office (the programme, branches, members, staff, audit, exports and the blog): the admin frame, whose
 * gate shows its own sign-in to visitors and refuses anyone without a back-office role. Each screen's route declares
 * the roles that may open it (`staticData.roles`): the frame refuses the screen to any other role, and to everyone
 * when its route declares none, and lists in the sidebar only what the role may open. The server checks every call again.
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
