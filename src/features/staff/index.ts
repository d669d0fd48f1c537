export { StaffScreen } from './components/staff-screen';
export { isStaff } from './api';
