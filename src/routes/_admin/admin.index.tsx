import { createFileRoute } from '@tanstack/react-router';
import { AdminHome } from '@/features/back-office/frame';
import { BACK_OFFICE_ENTRY_ROLES } from '@/features/back-office/frame/roles';

/** /admin: opens the first back-office screen the signed-in role may see. */
export const Route = createFileRoute('/_admin/admin/')({
  staticData: { roles: BACK_OFFICE_ENTRY_ROLES },
  component: AdminHome,
});
