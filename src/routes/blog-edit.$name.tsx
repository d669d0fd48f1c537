import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout, EditPostPage } from '@/features/blog-admin';
import { postQuery, sessionQuery } from '@/features/blog-admin/api';

export const Route = createFileRoute('/blog-edit/$name')({
  staticData: { appHeader: false, bottomNav: false },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(sessionQuery());
    void context.queryClient.prefetchQuery(postQuery(params.name));
  },
  component: Page,
});

function Page() {
  const { name } = Route.useParams();
  return (
    <AdminLayout>
      <EditPostPage name={name} />
    </AdminLayout>
  );
}
