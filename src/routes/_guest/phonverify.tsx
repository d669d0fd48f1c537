import { Box } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { leaveVerification, nextFrom, PhoneVerify } from '@/features/auth';

/** `next`: the page the member asked for before signing in, reached after the personal information. */
export const Route = createFileRoute('/_guest/phonverify')({
  validateSearch: (search): { next?: string } => ({ next: nextFrom(search) }),
  beforeLoad: ({ context, search }) => leaveVerification(context.queryClient, context.visitor, search.next),
  component: PhoneVerifyPage,
});

function PhoneVerifyPage() {
  const navigate = useNavigate();
  const { next } = Route.useSearch();
  return (
    <Box px="md" py="xl">
      <PhoneVerify mode="verify" onDone={() => void navigate({ to: '/fill-info', search: { next }, replace: true })} />
    </Box>
  );
}
