import { createFileRoute } from '@tanstack/react-router';
import { AuditPage } from '@/features/back-office';

/** /admin/audit: who changed what, from what to what, and when. */
export const Route = createFileRoute('/_admin/admin/audit')({
  component: AuditPage,
});
