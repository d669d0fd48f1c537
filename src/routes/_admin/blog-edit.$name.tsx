import { createFileRoute } from '@tanstack/react-router';
import { EditPostPage } from '@/features/back-office/blog';
import { postRoute } from '@/features/back-office/blog/api';

export const Route = createFileRoute('/_admin/blog-edit/$name')({ ...postRoute, component: Page });

function Page() {
  const { name } = Route.useParams();
  return <EditPostPage name={name} />;
}
