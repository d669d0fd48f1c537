import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '@/features/back-office/blog';
import { BACK_OFFICE_ENTRY_ROLES } from '@/features/back-office/frame/roles';

/** /app: the admin's profile (Frappe's desk address, linked from the sidebar). */
export const Route = createFileRoute('/_admin/app')({
  staticData: { roles: BACK_OFFICE_ENTRY_ROLES },
  component: ProfilePage,
});
