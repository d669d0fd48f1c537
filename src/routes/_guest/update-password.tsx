import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { UpdatePassword } from '@/features/auth';

const searchSchema = v.object({ key: v.fallback(v.optional(v.string(), ''), '') });

/** The page a mailed reset link opens: /update-password?key=… */
export const Route = createFileRoute('/_guest/update-password')({
  validateSearch: (search) => v.parse(searchSchema, search),
  component: UpdatePasswordPage,
});

function UpdatePasswordPage() {
  const { key } = Route.useSearch();
  return <UpdatePassword resetKey={key} />;
}
