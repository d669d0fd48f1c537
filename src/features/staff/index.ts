export { StaffScreen } from './components/staff-screen';
export { isStaff, staffSessionQuery } from './api';
