import { createFileRoute } from '@tanstack/react-router';
import { NoticePage } from '@/features/back-office/privacy';
import { PRIVACY_MANAGERS } from '@/features/back-office/frame/roles';

/** /admin/privacy-notice: the privacy notice's published versions, and publishing the next one. */
export const Route = createFileRoute('/_admin/admin/privacy-notice')({
  staticData: { roles: PRIVACY_MANAGERS, sidebar: { label: 'navPrivacyNotice', order: 94 } },
  component: NoticePage,
});
