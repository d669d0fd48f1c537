import { createFileRoute } from '@tanstack/react-router';
import { BlogListPage } from '@/features/marketing';
import { postsQuery, categoriesQuery } from '@/features/marketing/api';

export const Route = createFileRoute('/_marketing/blog')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(postsQuery());
    void context.queryClient.prefetchQuery(categoriesQuery());
  },
  component: BlogListPage,
});
