import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { DASHBOARD_SEARCH } from '@/features/back-office/reports/search';
import { branchesQuery } from '@/entities/branches';
import { dashboardQuery } from '@/entities/reports';
import { DashboardPage, defaultRange } from '@/features/back-office/reports';
import { PROGRAMME_MANAGERS } from '@/features/back-office/frame/roles';

/** /admin/dashboard: the programme's figures and charts (the charts library is in this route's chunk only). */
export const Route = createFileRoute('/_admin/admin/dashboard')({
  staticData: { roles: PROGRAMME_MANAGERS, sidebar: { label: 'navDashboard', order: 10 } },
  validateSearch: (search) => v.parse(DASHBOARD_SEARCH, search),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(dashboardQuery(defaultRange()));
    void context.queryClient.prefetchQuery(branchesQuery());
  },
  component: DashboardPage,
});
