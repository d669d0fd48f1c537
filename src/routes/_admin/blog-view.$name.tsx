import { createFileRoute } from '@tanstack/react-router';
import { ViewPostPage } from '@/features/blog-admin';
import { postQuery } from '@/features/blog-admin/api';

export const Route = createFileRoute('/_admin/blog-view/$name')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(postQuery(params.name));
  },
  component: Page,
});

function Page() {
  const { name } = Route.useParams();
  return <ViewPostPage name={name} />;
}
