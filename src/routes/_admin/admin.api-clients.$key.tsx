import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { CLIENT_SEARCH } from '@/features/back-office/api-clients/search';
import { ClientPage } from '@/features/back-office/api-clients';
import { SYSTEM_MANAGERS } from '@/features/back-office/frame/roles';

/** /admin/api-clients/<api key>: one client's webhook subscriptions and their deliveries (System Managers only). */
export const Route = createFileRoute('/_admin/admin/api-clients/$key')({
  staticData: { roles: SYSTEM_MANAGERS, sidebarEntry: '/admin/api-clients' },
  validateSearch: (search) => v.parse(CLIENT_SEARCH, search),
  component: function Client() {
    const { key } = Route.useParams();
    return <ClientPage apiKey={key} />;
  },
});
