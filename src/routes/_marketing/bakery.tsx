import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/marketing';
import { postsQuery, branchesQuery, categoriesQuery } from '@/features/marketing/api';

export const Route = createFileRoute('/_marketing/bakery')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(postsQuery());
    void context.queryClient.prefetchQuery(branchesQuery());
    void context.queryClient.prefetchQuery(categoriesQuery());
  },
  component: HomePage,
});
