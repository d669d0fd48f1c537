import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout, ProfilePage } from '@/features/blog-admin';
import { sessionQuery } from '@/features/blog-admin/api';

export const Route = createFileRoute('/app')({
  staticData: { appHeader: false, bottomNav: false },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sessionQuery());
  },
  component: () => (
    <AdminLayout>
      <ProfilePage />
    </AdminLayout>
  ),
});
