import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { leaveVerification, nextFrom, SignupScreen } from '@/features/auth';

export const Route = createFileRoute('/_guest/signup')({
  beforeLoad: ({ context, location }) => leaveVerification(context.queryClient, context.visitor, nextFrom(location.search)),
  component: SignupPage,
});

function SignupPage() {
  const navigate = useNavigate();
  // The sign-up variant goes home once the phone is verified.
  return <SignupScreen onDone={() => void navigate({ to: '/', replace: true })} />;
}
