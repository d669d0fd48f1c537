import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '@/features/blog-admin';

/** /app: the admin's profile (Frappe's desk address, linked from the sidebar). */
export const Route = createFileRoute('/_admin/app')({
  component: ProfilePage,
});
