import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '@/features/back-office';
import { BRANCH_MANAGERS_TOO } from '@/features/back-office/frame/roles';

/** /admin/orders/<name>: one order, its collection, refunds and shortfalls; cancel and refund for programme managers. */
export const Route = createFileRoute('/_admin/admin/orders/$name')({
  staticData: { roles: BRANCH_MANAGERS_TOO, sidebarEntry: '/admin/orders' },
  component: function Order() {
    const { name } = Route.useParams();
    return <OrderPage name={name} />;
  },
});
