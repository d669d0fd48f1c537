import type { MessageKey } from '@/lib/i18n';

/**
 * Who may open a back-office screen is declared by its route, in its `staticData` (src/routes/_admin/*.tsx): the
 * roles, and for a screen of the sidebar its entry (./access.ts reads them). Only names and types here: the route
 * tree, and so every member's first download, imports this module.
 */
export const SYSTEM_MANAGER = 'System Manager';
export const LOYALTY_MANAGER = 'Loyalty Manager';
export const BRANCH_MANAGER = 'Branch Manager';
export const BLOG_MANAGER = 'Blog Manager';

export type BackOfficeRole = typeof SYSTEM_MANAGER | typeof LOYALTY_MANAGER | typeof BRANCH_MANAGER | typeof BLOG_MANAGER;

/** Every role that may enter the frame at all (then only the screens their routes let them open). */
export const BACK_OFFICE_ENTRY_ROLES = [SYSTEM_MANAGER, LOYALTY_MANAGER, BRANCH_MANAGER, BLOG_MANAGER] as const;
/** The programme's managers: rules, rewards, branches, imports, exports, broadcasts, the dashboard. */
export const PROGRAMME_MANAGERS = [SYSTEM_MANAGER, LOYALTY_MANAGER] as const;
/** The programme's managers and a Branch Manager, who sees their own branch's members, orders, staff and audit log. */
export const BRANCH_MANAGERS_TOO = [SYSTEM_MANAGER, LOYALTY_MANAGER, BRANCH_MANAGER] as const;
export const BLOG_MANAGERS = [SYSTEM_MANAGER, BLOG_MANAGER] as const;
/** Who handles members' personal data: the privacy notice, the requests, erasure (contracts/privacy.ts PRIVACY_MANAGERS). */
export const PRIVACY_MANAGERS = [SYSTEM_MANAGER, LOYALTY_MANAGER] as const;
/** Who reads who looked at whose personal data (the access log). */
export const SYSTEM_MANAGERS = [SYSTEM_MANAGER] as const;

/**
 * A sidebar label: a key of the back office's catalogue, without its domain. The route tree is part of every
 * member's first download, and a whole key there ('backOffice.navRewards') would bring the whole catalogue with it
 * (vite.config.ts, i18nSplit); the frame, which shows the labels, names the domain.
 */
export type SidebarLabel = Extract<MessageKey, `backOffice.nav${string}`> extends `backOffice.${infer K}` ? K : never;

export interface SidebarEntryDeclaration {
  label: SidebarLabel;
  /** The entry's place in the sidebar, smallest first. */
  order: number;
  /** A doctype whose live count the entry shows. */
  countDoctype?: string;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A back-office screen: the roles that may open it. A screen under _admin that declares none is refused to everyone. */
    roles?: readonly BackOfficeRole[];
    /** A back-office screen with a sidebar entry of its own. */
    sidebar?: SidebarEntryDeclaration;
    /** A back-office screen without an entry: the path of the entry it belongs to, lit while it is open. */
    sidebarEntry?: string;
  }
}
