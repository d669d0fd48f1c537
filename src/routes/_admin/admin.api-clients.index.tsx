import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { CLIENTS_SEARCH } from '@/features/back-office/api-clients/search';
import { ClientsPage } from '@/features/back-office/api-clients';
import { SYSTEM_MANAGERS } from '@/features/back-office/frame/roles';

/** /admin/api-clients: the brand's own systems that call the API (System Managers only). */
export const Route = createFileRoute('/_admin/admin/api-clients/')({
  staticData: { roles: SYSTEM_MANAGERS, sidebar: { label: 'navApiClients', order: 98 } },
  validateSearch: (search) => v.parse(CLIENTS_SEARCH, search),
  component: ClientsPage,
});
