import { createFileRoute } from '@tanstack/react-router';
import { BranchPage } from '@/features/marketing';
import { branchesQuery } from '@/features/marketing/api';

export const Route = createFileRoute('/_marketing/branch')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(branchesQuery());
  },
  component: BranchPage,
});
