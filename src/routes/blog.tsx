import { createFileRoute } from '@tanstack/react-router';
import { SiteLayout, BlogListPage } from '@/features/marketing';
import { postsQuery, categoriesQuery, sessionQuery } from '@/features/marketing/api';

export const Route = createFileRoute('/blog')({
  staticData: { appHeader: false, bottomNav: false },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(postsQuery());
    void context.queryClient.prefetchQuery(categoriesQuery());
    void context.queryClient.prefetchQuery(sessionQuery());
  },
  component: () => (
    <SiteLayout>
      <BlogListPage />
    </SiteLayout>
  ),
});
