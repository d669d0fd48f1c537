export { AdminFrame, AdminHome, badgeText } from './components/admin-frame';
export {
  BACK_OFFICE_ENTRY_ROLES, BLOG_MANAGERS, BRANCH_MANAGERS_TOO, PROGRAMME_MANAGERS, canEnterBackOffice, isEntryOf, mainRole, mayOpenScreen, sidebarFor,
  type BackOfficeRole, type SidebarEntry,
} from './access';
