import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '@/components/app-shell';
import { visitorGuard } from '@/features/auth';
import { AdminLayout } from '@/features/blog-admin';
import { sessionQuery } from '@/features/blog-admin/api';

/**
 * The back office (the blog admin today): the admin frame, whose gate shows its own sign-in to visitors and
 * refuses anyone without an admin role; the server checks every call again.
 */
export const Route = createFileRoute('/_admin')({
  beforeLoad: visitorGuard,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sessionQuery());
  },
  component: AdminFrame,
});

function AdminFrame() {
  return (
    <AppShell>
      <AdminLayout>
        <Outlet />
      </AdminLayout>
    </AppShell>
  );
}
