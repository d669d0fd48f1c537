import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { StaffLogin, homeFor } from '@/features/auth';

export const Route = createFileRoute('/staff-login')({
  component: StaffLoginPage,
});

function StaffLoginPage() {
  const navigate = useNavigate();
  return <StaffLogin onSignedIn={(roles) => void navigate({ href: homeFor(roles), replace: true })} />;
}
