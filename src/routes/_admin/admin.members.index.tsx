import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { MEMBERS_SEARCH } from '@/features/back-office/members/search';
import { MemberSearch } from '@/features/back-office';
import { BRANCH_MANAGERS_TOO } from '@/features/back-office/frame/roles';

/** /admin/members: find a member by phone, name, e-mail, number or their scanned QR. */
export const Route = createFileRoute('/_admin/admin/members/')({
  staticData: { roles: BRANCH_MANAGERS_TOO, sidebar: { label: 'navMembers', order: 50 } },
  validateSearch: (search) => v.parse(MEMBERS_SEARCH, search),
  component: MemberSearch,
});
