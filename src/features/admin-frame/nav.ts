import type { MessageKey } from '@/lib/i18n';

/**
 * The back office's sidebar, in order: one entry per screen. A new screen adds its entry here; the frame shows
 * only the entries the signed-in role may open and refuses the rest at their URLs (the server checks every call
 * again). `/admin` opens the first entry the role may see.
 */
export const SYSTEM_MANAGER = 'System Manager';
export const LOYALTY_MANAGER = 'Loyalty Manager';
export const BRANCH_MANAGER = 'Branch Manager';
export const BLOG_MANAGER = 'Blog Manager';

const PROGRAMME = [SYSTEM_MANAGER, LOYALTY_MANAGER] as const;
const BRANCH_TOO = [SYSTEM_MANAGER, LOYALTY_MANAGER, BRANCH_MANAGER] as const;
const BLOG = [SYSTEM_MANAGER, BLOG_MANAGER] as const;

export type AdminPath =
  | '/admin/dashboard'
  | '/admin/rules'
  | '/admin/broadcasts'
  | '/admin/rewards'
  | '/admin/branches'
  | '/admin/members'
  | '/admin/orders'
  | '/admin/import'
  | '/admin/staff'
  | '/admin/audit'
  | '/admin/exports'
  | '/blog-admin'
  | '/blog-categories';

export interface AdminNavItem {
  to: AdminPath;
  label: MessageKey;
  roles: readonly string[];
  /** Other URLs this entry owns (the blog's editor pages belong to the blog entry). */
  also?: readonly string[];
  /** A doctype whose live count the entry shows. */
  countDoctype?: string;
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: '/admin/dashboard', label: 'reports.navLabel', roles: PROGRAMME },
  { to: '/admin/rules', label: 'programmeAdmin.navLabel', roles: PROGRAMME },
  { to: '/admin/rewards', label: 'backOffice.navRewards', roles: PROGRAMME },
  { to: '/admin/branches', label: 'backOffice.navBranches', roles: PROGRAMME },
  { to: '/admin/members', label: 'backOffice.navMembers', roles: BRANCH_TOO },
  { to: '/admin/orders', label: 'backOffice.navOrders', roles: BRANCH_TOO },
  { to: '/admin/import', label: 'backOffice.navImport', roles: PROGRAMME },
  { to: '/admin/staff', label: 'backOffice.navStaff', roles: BRANCH_TOO },
  { to: '/admin/audit', label: 'backOffice.navAudit', roles: BRANCH_TOO },
  { to: '/admin/exports', label: 'backOffice.navExports', roles: PROGRAMME },
  { to: '/admin/broadcasts', label: 'broadcast.nav', roles: PROGRAMME },
  { to: '/blog-admin', label: 'blogAdmin.navBlogs', roles: BLOG, also: ['/blog-add', '/blog-view/', '/blog-edit/'], countDoctype: 'Blog Post' },
  { to: '/blog-categories', label: 'blogAdmin.navCategories', roles: BLOG, countDoctype: 'Blog Category' },
];

/** Every role that may enter the frame at all. */
export const BACK_OFFICE_ENTRY_ROLES = [SYSTEM_MANAGER, LOYALTY_MANAGER, BRANCH_MANAGER, BLOG_MANAGER] as const;

const hasAny = (roles: readonly string[], wanted: readonly string[]) => roles.some((r) => wanted.includes(r));

export const canEnterBackOffice = (roles: readonly string[]) => hasAny(roles, BACK_OFFICE_ENTRY_ROLES);

export const navFor = (roles: readonly string[]) => ADMIN_NAV.filter((item) => hasAny(roles, item.roles));

/** The entry that owns a URL (undefined: a page every back-office role may open, such as the profile). */
export const navItemAt = (pathname: string) =>
  ADMIN_NAV.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`) || item.also?.some((p) => (p.endsWith('/') ? pathname.startsWith(p) : pathname === p)));

export const mayOpen = (roles: readonly string[], pathname: string) => {
  const item = navItemAt(pathname);
  return !item || hasAny(roles, item.roles);
};

/** The role shown under the manager's name: the most powerful one they hold. */
export function mainRole(roles: readonly string[]): string | undefined {
  return [SYSTEM_MANAGER, LOYALTY_MANAGER, BRANCH_MANAGER, BLOG_MANAGER].find((r) => roles.includes(r));
}
