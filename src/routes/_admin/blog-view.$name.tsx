import { createFileRoute } from '@tanstack/react-router';
import { ViewPostPage } from '@/features/back-office/blog';
import { postRoute } from '@/features/back-office/blog/api';

export const Route = createFileRoute('/_admin/blog-view/$name')({ ...postRoute, component: Page });

function Page() {
  const { name } = Route.useParams();
  return <ViewPostPage name={name} />;
}
