export { AdminFrame, AdminHome, badgeText } from './admin-frame';
export { canEnterBackOffice, isEntryOf, mainRole, mayOpenScreen, sidebarFor, type SidebarEntry } from './access';
export { BACK_OFFICE_ENTRY_ROLES, BLOG_MANAGERS, BRANCH_MANAGERS_TOO, PROGRAMME_MANAGERS, type BackOfficeRole } from './roles';
