import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { BRANCHES_SEARCH } from '@/features/back-office/branches/search';
import { BranchesPage } from '@/features/back-office';
import { PROGRAMME_MANAGERS } from '@/features/back-office/frame/roles';

/** /admin/branches: every branch, closed ones too; create, edit, close. */
export const Route = createFileRoute('/_admin/admin/branches')({
  staticData: { roles: PROGRAMME_MANAGERS, sidebar: { label: 'navBranches', order: 40 } },
  validateSearch: (search) => v.parse(BRANCHES_SEARCH, search),
  component: BranchesPage,
});
