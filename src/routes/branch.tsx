import { createFileRoute } from '@tanstack/react-router';
import { SiteLayout, BranchPage } from '@/features/marketing';
import { branchesQuery, sessionQuery } from '@/features/marketing/api';

export const Route = createFileRoute('/branch')({
  staticData: { appHeader: false, bottomNav: false },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(branchesQuery());
    void context.queryClient.prefetchQuery(sessionQuery());
  },
  component: () => (
    <SiteLayout>
      <BranchPage />
    </SiteLayout>
  ),
});
