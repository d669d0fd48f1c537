import { createFileRoute } from '@tanstack/react-router';
import { StaffScreen } from '@/features/staff';

/** /staff: the till (its layout lets Store Staff in and sends anyone else to the staff sign-in). */
export const Route = createFileRoute('/_staff/staff')({
  component: StaffScreen,
});
