import { createFileRoute } from '@tanstack/react-router';
import { WelcomeScreen } from '@/features/auth';

export const Route = createFileRoute('/welcome')({
  component: WelcomeScreen,
});
