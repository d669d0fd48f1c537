import { createFileRoute } from '@tanstack/react-router';
import { EditPostPage } from '@/features/back-office/blog';
import { loadPost } from '@/features/back-office/blog/api';
import { BLOG_MANAGERS } from '@/features/back-office/frame/roles';

export const Route = createFileRoute('/_admin/blog-edit/$name')({
  staticData: { roles: BLOG_MANAGERS, sidebarEntry: '/blog-admin' },
  loader: loadPost,
  component: Page,
});

function Page() {
  const { name } = Route.useParams();
  return <EditPostPage name={name} />;
}
