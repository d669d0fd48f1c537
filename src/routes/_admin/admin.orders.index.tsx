import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ORDERS_SEARCH } from '@/features/back-office/orders/search';
import { OrdersList } from '@/features/back-office';
import { BRANCH_MANAGERS_TOO } from '@/features/back-office/frame/roles';

/** /admin/orders: reward orders and purchases (a Branch Manager's: their branch's), filtered in the address. */
export const Route = createFileRoute('/_admin/admin/orders/')({
  staticData: { roles: BRANCH_MANAGERS_TOO, sidebar: { label: 'navOrders', order: 60 } },
  validateSearch: (search) => v.parse(ORDERS_SEARCH, search),
  component: OrdersList,
});
