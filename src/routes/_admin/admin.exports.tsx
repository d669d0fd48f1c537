import { createFileRoute } from '@tanstack/react-router';
import { ExportsPage } from '@/features/back-office';

/** /admin/exports: members, the ledger, orders or the audit log as CSV. */
export const Route = createFileRoute('/_admin/admin/exports')({
  component: ExportsPage,
});
