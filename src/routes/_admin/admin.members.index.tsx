import { createFileRoute } from '@tanstack/react-router';
import { MemberSearch } from '@/features/back-office';

/** /admin/members: find a member by phone, name, e-mail, number or their scanned QR. */
export const Route = createFileRoute('/_admin/admin/members/')({
  component: MemberSearch,
});
