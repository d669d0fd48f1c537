import { createFileRoute } from '@tanstack/react-router';
import { BranchesPage } from '@/features/back-office';

/** /admin/branches: every branch, closed ones too; create, edit, close. */
export const Route = createFileRoute('/_admin/admin/branches')({
  component: BranchesPage,
});
