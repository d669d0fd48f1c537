export { DashboardPage } from './components/dashboard-page';
export { daysBefore, defaultRange, rangeOk } from './range';

