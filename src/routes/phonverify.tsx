import { Box } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PhoneVerify } from '@/features/auth';

export const Route = createFileRoute('/phonverify')({
  component: PhoneVerifyPage,
});

function PhoneVerifyPage() {
  const navigate = useNavigate();
  return (
    <Box px="md" py="xl">
      <PhoneVerify mode="verify" onDone={() => void navigate({ to: '/fill-info', replace: true })} />
    </Box>
  );
}
