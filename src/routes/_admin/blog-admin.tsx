import { createFileRoute } from '@tanstack/react-router';
import { PostsPage } from '@/features/back-office/blog';
import { postsQuery } from '@/features/back-office/blog/api';
import { BLOG_MANAGERS } from '@/features/back-office/frame/roles';

export const Route = createFileRoute('/_admin/blog-admin')({
  staticData: { roles: BLOG_MANAGERS, sidebar: { label: 'navBlogs', order: 120, countDoctype: 'Blog Post' } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(postsQuery());
  },
  component: PostsPage,
});
