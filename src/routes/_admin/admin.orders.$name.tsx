import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '@/features/back-office';

/** /admin/orders/<name>: one order, its collection, refunds and shortfalls; cancel and refund for programme managers. */
export const Route = createFileRoute('/_admin/admin/orders/$name')({
  component: function Order() {
    const { name } = Route.useParams();
    return <OrderPage name={name} />;
  },
});
