import { createFileRoute } from '@tanstack/react-router';
import { AdminHome } from '@/features/admin-frame';

/** /admin: opens the first back-office screen the signed-in role may see. */
export const Route = createFileRoute('/_admin/admin/')({
  component: AdminHome,
});
