import { createFileRoute } from '@tanstack/react-router';
import { PostsPage } from '@/features/blog-admin';
import { postsQuery } from '@/features/blog-admin/api';
import { BLOG_MANAGERS } from '@/features/admin-frame/roles';

export const Route = createFileRoute('/_admin/blog-admin')({
  staticData: { roles: BLOG_MANAGERS, sidebar: { label: 'navBlogs', order: 120, countDoctype: 'Blog Post' } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(postsQuery());
  },
  component: PostsPage,
});
