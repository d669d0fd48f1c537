/**
 * Pages whose HTML is rendered at build time (vite.config.ts prerender): dist/pages/<name>.html answers the address
 * /<name>. Shared by the server and the service worker, which both pick the file for a navigation by this rule.
 */
export const PRERENDERED_DIR = 'pages';

/** The built page file for an app address (`/login` → `pages/login.html`), or null for an address that has none. */
export function prerenderedFile(pathname: string): string | null {
  const name = /^\/([a-z0-9][a-z0-9-]*)\/?$/.exec(pathname)?.[1];
  return name ? `${PRERENDERED_DIR}/${name}.html` : null;
}

/** On #root of a pre-rendered page the app sends signed-in visitors away from (/login): not shown to them. */
export const SIGNED_IN_LEAVE_ATTR = 'data-signed-in-leave';
