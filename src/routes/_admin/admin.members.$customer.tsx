import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { MEMBER_SEARCH } from '@/features/back-office/members/search';
import { MemberPage } from '@/features/back-office';
import { BRANCH_MANAGERS_TOO } from '@/features/back-office/frame/roles';

/** /admin/members/<customer>: the member's points, batches, ledger, orders, devices; adjust and block. */
export const Route = createFileRoute('/_admin/admin/members/$customer')({
  staticData: { roles: BRANCH_MANAGERS_TOO, sidebarEntry: '/admin/members' },
  validateSearch: (search) => v.parse(MEMBER_SEARCH, search),
  component: function Member() {
    const { customer } = Route.useParams();
    return <MemberPage customer={customer} />;
  },
});
