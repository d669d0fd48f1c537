import { hydrate, type QueryClient } from '@tanstack/react-query';
import { SERVER_STATE_ID } from '../../contracts/prerendered';

/** The address whose screen the server rendered ('*' while rendering on the server), or null. */
let painted: string | null = null;

/**
 * Whether this screen is the one the server rendered: it shows its content at once (no minimum skeleton), on the
 * server and again when the app takes the page over, so both draw the same page.
 */
export function paintedByServer(): boolean {
  return painted === '*' || (painted !== null && typeof location !== 'undefined' && location.pathname.replace(/(.)\/+$/, '$1') === painted);
}

/** Called once by the server's renderer (src/prerender/member-page.tsx). */
export function renderingOnServer(): void {
  painted = '*';
}

/**
 * The answers a server-rendered page was drawn from (server/member-page.ts), put into the query cache before the
 * router loads: the app's first render is then the page already on screen, with nothing to fetch before it. Newer than
 * anything this device kept, so a copy restored from storage later does not replace them.
 */
export function takeServerState(queryClient: QueryClient): boolean {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element) return false;
  element.remove();
  painted = location.pathname.replace(/(.)\/+$/, '$1');
  try {
    hydrate(queryClient, JSON.parse(element.textContent ?? ''));
    return true;
  } catch {
    // Unreadable: the app reads everything itself, as on a page the server did not render.
    painted = null;
    return false;
  }
}
