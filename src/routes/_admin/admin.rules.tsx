import { createFileRoute } from '@tanstack/react-router';
import { branchesQuery } from '@/entities/branches';
import { rulesQuery } from '@/entities/programme';
import { RulesPage } from '@/features/back-office/programme';
import { PROGRAMME_MANAGERS } from '@/features/back-office/frame/roles';

/** /admin/rules: the programme's rules (dated versions) and the receipt simulator, for the managers. */
export const Route = createFileRoute('/_admin/admin/rules')({
  staticData: { roles: PROGRAMME_MANAGERS, sidebar: { label: 'navRules', order: 20 } },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(rulesQuery());
    void context.queryClient.prefetchQuery(branchesQuery());
  },
  component: RulesPage,
});
