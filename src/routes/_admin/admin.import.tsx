import { createFileRoute } from '@tanstack/react-router';
import { ImportPage } from '@/features/back-office';

/** /admin/import: opening balances from a CSV (dry run, then one commit). */
export const Route = createFileRoute('/_admin/admin/import')({
  component: ImportPage,
});
