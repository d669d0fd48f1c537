import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ACCESS_LOG_SEARCH } from '@/features/back-office/privacy/search';
import { AccessLogPage } from '@/features/back-office/privacy';
import { SYSTEM_MANAGERS } from '@/features/back-office/frame/roles';

/** /admin/access-log: who looked at whose personal data (System Managers only). */
export const Route = createFileRoute('/_admin/admin/access-log')({
  staticData: { roles: SYSTEM_MANAGERS, sidebar: { label: 'navAccessLog', order: 96 } },
  validateSearch: (search) => v.parse(ACCESS_LOG_SEARCH, search),
  component: AccessLogPage,
});
