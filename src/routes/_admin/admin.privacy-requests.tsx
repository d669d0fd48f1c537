import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { REQUESTS_SEARCH } from '@/features/back-office/privacy/search';
import { RequestsPage } from '@/features/back-office/privacy';
import { PRIVACY_MANAGERS } from '@/features/back-office/frame/roles';

/** /admin/privacy-requests: members' access and erasure requests with their legal deadlines; erasure on request. */
export const Route = createFileRoute('/_admin/admin/privacy-requests')({
  staticData: { roles: PRIVACY_MANAGERS, sidebar: { label: 'navPrivacyRequests', order: 92 } },
  validateSearch: (search) => v.parse(REQUESTS_SEARCH, search),
  component: RequestsPage,
});
