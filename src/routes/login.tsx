import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { LoginScreen } from '@/features/auth';

const searchSchema = v.object({ error: v.optional(v.string()) });

export const Route = createFileRoute('/login')({
  validateSearch: (search) => v.parse(searchSchema, { error: typeof search.error === 'string' ? search.error : undefined }),
  component: LoginPage,
});

function LoginPage() {
  const { error } = Route.useSearch();
  return <LoginScreen lineFailed={error === 'line'} />;
}
