import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AUDIT_SEARCH } from '@/features/back-office/audit/search';
import { AuditPage } from '@/features/back-office';
import { BRANCH_MANAGERS_TOO } from '@/features/back-office/frame/roles';

/** /admin/audit: who changed what, from what to what, and when. */
export const Route = createFileRoute('/_admin/admin/audit')({
  staticData: { roles: BRANCH_MANAGERS_TOO, sidebar: { label: 'navAudit', order: 90 } },
  validateSearch: (search) => v.parse(AUDIT_SEARCH, search),
  component: AuditPage,
});
