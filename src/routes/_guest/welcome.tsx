import { createFileRoute } from '@tanstack/react-router';
import { leaveSignIn, WelcomeScreen } from '@/features/auth';

export const Route = createFileRoute('/_guest/welcome')({
  beforeLoad: ({ context }) => leaveSignIn(context.visitor),
  component: WelcomeScreen,
});
