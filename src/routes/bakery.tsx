import { createFileRoute } from '@tanstack/react-router';
import { SiteLayout, HomePage } from '@/features/marketing';
import { postsQuery, branchesQuery, categoriesQuery, sessionQuery } from '@/features/marketing/api';

export const Route = createFileRoute('/bakery')({
  staticData: { appHeader: false, bottomNav: false },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(postsQuery());
    void context.queryClient.prefetchQuery(branchesQuery());
    void context.queryClient.prefetchQuery(categoriesQuery());
    void context.queryClient.prefetchQuery(sessionQuery());
  },
  component: () => (
    <SiteLayout>
      <HomePage />
    </SiteLayout>
  ),
});
