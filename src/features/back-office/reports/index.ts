export { DashboardPage } from './dashboard-page';
export { daysBefore, defaultRange, rangeOk } from './range';

