export { AdminFrame, AdminHome, badgeText } from './components/admin-frame';
export { ADMIN_NAV, navFor, mayOpen, navItemAt, mainRole, canEnterBackOffice, type AdminNavItem, type AdminPath } from './nav';
