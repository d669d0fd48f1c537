import { createFileRoute } from '@tanstack/react-router';
import { leaveSignIn, LoginScreen, nextFrom } from '@/features/auth';

/**
 * `next`: the page a signed-out member opened; anything but a path of this app is dropped. `deleted`: the member has
 * just deleted their account (the screen says so).
 */
export const Route = createFileRoute('/_guest/login')({
  validateSearch: (search): { error?: string; next?: string; deleted?: boolean } => ({
    error: typeof search.error === 'string' ? search.error : undefined,
    next: nextFrom(search),
    deleted: search.deleted === true || search.deleted === 1 || search.deleted === '1' ? true : undefined,
  }),
  beforeLoad: ({ context, search }) => leaveSignIn(context.visitor, search.next),
  component: LoginPage,
});

function LoginPage() {
  const { error, next, deleted } = Route.useSearch();
  return <LoginScreen lineFailed={error === 'line'} accountDeleted={deleted === true} next={next} />;
}
