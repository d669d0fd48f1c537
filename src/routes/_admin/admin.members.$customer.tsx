import { createFileRoute } from '@tanstack/react-router';
import { MemberPage } from '@/features/back-office';

/** /admin/members/<customer>: the member's points, batches, ledger, orders, devices; adjust and block. */
export const Route = createFileRoute('/_admin/admin/members/$customer')({
  component: function Member() {
    const { customer } = Route.useParams();
    return <MemberPage customer={customer} />;
  },
});
