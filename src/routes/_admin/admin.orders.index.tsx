import { createFileRoute } from '@tanstack/react-router';
import { OrdersList } from '@/features/back-office';

/** /admin/orders: reward orders and purchases (a Branch Manager's: their branch's), filtered in the address. */
export const Route = createFileRoute('/_admin/admin/orders/')({
  component: OrdersList,
});
