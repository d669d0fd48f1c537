import type { AnyRoute, AnyRouter, StaticDataRouteOption } from '@tanstack/react-router';
import { BACK_OFFICE_ENTRY_ROLES, type SidebarEntryDeclaration } from './roles';

/**
 * The frame's reading of what the back-office routes declare (./roles.ts): it refuses a screen to a role its route
 * does not name, and to everyone when the route names none, and builds the sidebar from the routes. The server
 * checks every call again.
 */

const hasAny = (roles: readonly string[], wanted: readonly string[]) => roles.some((r) => wanted.includes(r));

export const canEnterBackOffice = (roles: readonly string[]) => hasAny(roles, BACK_OFFICE_ENTRY_ROLES);

/** Whether these roles may open a screen: only a role its route declares. */
export const mayOpenScreen = (roles: readonly string[], staticData: StaticDataRouteOption) => hasAny(roles, staticData.roles ?? []);

export interface SidebarEntry extends SidebarEntryDeclaration {
  to: string;
  routeId: string;
}

/**
 * The sidebar for these roles, from the router's routes (`router.routesByPath`): every route with an entry whose
 * screen they may open, in the entries' order.
 */
export function sidebarFor(routesByPath: AnyRouter['routesByPath'], roles: readonly string[]): SidebarEntry[] {
  return (Object.values(routesByPath) as AnyRoute[])
    .flatMap((route) => {
      const staticData: StaticDataRouteOption = route.options.staticData ?? {};
      return staticData.sidebar && mayOpenScreen(roles, staticData) ? [{ ...staticData.sidebar, to: route.to as string, routeId: route.id as string }] : [];
    })
    .sort((a, b) => a.order - b.order);
}

/** Whether an entry is lit for the open screen: its own, or the entry the screen belongs to. */
export const isEntryOf = (entry: SidebarEntry, screen: { routeId: string; staticData: StaticDataRouteOption }) =>
  screen.routeId === entry.routeId || screen.staticData.sidebarEntry === entry.to;

/** The role shown under the manager's name: the most powerful one they hold. */
export function mainRole(roles: readonly string[]): string | undefined {
  return BACK_OFFICE_ENTRY_ROLES.find((r) => roles.includes(r));
}
