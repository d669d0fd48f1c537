import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { StaffLogin, homeFor, leaveStaffSignIn } from '@/features/auth';

export const Route = createFileRoute('/_guest/staff-login')({
  beforeLoad: ({ context }) => leaveStaffSignIn(context.visitor),
  component: StaffLoginPage,
});

function StaffLoginPage() {
  const navigate = useNavigate();
  return <StaffLogin onSignedIn={(roles) => void navigate({ href: homeFor(roles), replace: true })} />;
}
