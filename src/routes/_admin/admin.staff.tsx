import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { STAFF_SEARCH } from '@/features/back-office/staff/search';
import { StaffPage } from '@/features/back-office';
import { BRANCH_MANAGERS_TOO } from '@/features/back-office/frame/roles';

/** /admin/staff: the branches' staff accounts (a Branch Manager sees their own branch). */
export const Route = createFileRoute('/_admin/admin/staff')({
  staticData: { roles: BRANCH_MANAGERS_TOO, sidebar: { label: 'navStaff', order: 80 } },
  validateSearch: (search) => v.parse(STAFF_SEARCH, search),
  component: StaffPage,
});
