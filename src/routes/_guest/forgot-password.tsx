import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ForgotPassword } from '@/features/auth';

const searchSchema = v.object({ from: v.fallback(v.optional(v.picklist(['staff', 'site'])), undefined) });

export const Route = createFileRoute('/_guest/forgot-password')({
  validateSearch: (search) => v.parse(searchSchema, search),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const { from } = Route.useSearch();
  return <ForgotPassword from={from} />;
}
