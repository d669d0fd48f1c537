import { createFileRoute } from '@tanstack/react-router';
import { leaveSignIn, LoginScreen, nextFrom } from '@/features/auth';

/** `next`: the page a signed-out member opened; anything but a path of this app is dropped. */
export const Route = createFileRoute('/_guest/login')({
  validateSearch: (search): { error?: string; next?: string } => ({
    error: typeof search.error === 'string' ? search.error : undefined,
    next: nextFrom(search),
  }),
  beforeLoad: ({ context, search }) => leaveSignIn(context.visitor, search.next),
  component: LoginPage,
});

function LoginPage() {
  const { error, next } = Route.useSearch();
  return <LoginScreen lineFailed={error === 'line'} next={next} />;
}
