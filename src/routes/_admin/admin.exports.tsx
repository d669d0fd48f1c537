import { createFileRoute } from '@tanstack/react-router';
import { ExportsPage } from '@/features/back-office';
import { PROGRAMME_MANAGERS } from '@/features/back-office/frame/roles';

/** /admin/exports: members, the ledger, orders or the audit log as CSV. */
export const Route = createFileRoute('/_admin/admin/exports')({
  staticData: { roles: PROGRAMME_MANAGERS, sidebar: { label: 'navExports', order: 100 } },
  component: ExportsPage,
});
