import { createFileRoute } from '@tanstack/react-router';
import { StaffPage } from '@/features/back-office';

/** /admin/staff: the branches' staff accounts (a Branch Manager sees their own branch). */
export const Route = createFileRoute('/_admin/admin/staff')({
  component: StaffPage,
});
