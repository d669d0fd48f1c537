export { DashboardPage } from './components/dashboard-page';
export { daysBefore, defaultRange, rangeOk } from './range';

/** The dashboard's line in the admin frame's navigation (the server lets Loyalty Managers and System Managers read it). */
export const reportsNav = { to: '/admin/dashboard', labelKey: 'reports.navLabel', roles: ['System Manager', 'Loyalty Manager'] } as const;
