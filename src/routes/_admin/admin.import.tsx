import { createFileRoute } from '@tanstack/react-router';
import { ImportPage } from '@/features/back-office';
import { PROGRAMME_MANAGERS } from '@/features/back-office/frame/roles';

/** /admin/import: opening balances from a CSV (dry run, then one commit). */
export const Route = createFileRoute('/_admin/admin/import')({
  staticData: { roles: PROGRAMME_MANAGERS, sidebar: { label: 'navImport', order: 70 } },
  component: ImportPage,
});
