import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_admin/admin/exports')({
  component: () => null,
});
