import { queryOptions } from '@tanstack/react-query';
import { callMethod } from '@/lib/api';
import type { ArgsOf } from '../../../contracts/contract';
import { DASHBOARD, REPORT_METHODS, type ReportFigure } from '../../../contracts/reports';

export type { Dashboard, ReportFigure } from '../../../contracts/reports';
export { REPORT_FIGURES } from '../../../contracts/reports';

export type DashboardFilter = ArgsOf<typeof DASHBOARD>;

export const reportKeys = {
  all: ['reports'] as const,
  dashboard: (args: DashboardFilter) => ['reports', 'dashboard', args] as const,
};

/** Every figure of the dashboard for a range of Bangkok days and optionally one branch. */
export const dashboardQuery = (args: DashboardFilter) =>
  queryOptions({
    queryKey: reportKeys.dashboard(args),
    queryFn: ({ signal }) => callMethod(DASHBOARD, args, { signal }),
    staleTime: 60 * 1000,
  });

/**
 * The address of one figure as CSV (the server's export, a download the session's cookie authorises): a link, not
 * a call, since the answer is a file.
 */
export function reportCsvUrl(figure: ReportFigure, args: DashboardFilter): string {
  const params = new URLSearchParams({ figure, from_date: args.from_date, to_date: args.to_date });
  if (args.branch) params.set('branch', args.branch);
  return `${import.meta.env.VITE_FRAPPE_URL ?? ''}/api/method/${REPORT_METHODS.export}?${params.toString()}`;
}
