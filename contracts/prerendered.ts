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

/**
 * A signed-in member's screens the server renders from their own data when a navigation reaches it (no service worker
 * in control: a first open, LINE's in-app browser): server/member-page.ts. Their data travels in the page, in the
 * script element below (JSON, never executed), and seeds the app's query cache.
 */
export const SERVER_RENDERED_PAGES = ['/', '/my-id', '/reward-history', '/my-account'] as const;
export const SERVER_STATE_ID = 'server-state';

/** The server-rendered page for an address (`/` → '/', `/my-id/` → '/my-id'), or null. */
export function serverRenderedPage(pathname: string): (typeof SERVER_RENDERED_PAGES)[number] | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SERVER_RENDERED_PAGES.find((p) => p === path) ?? null;
}

/** Where the build writes the server's renderer and its page templates: beside the app's directory, never served. */
export const serverRenderDir = (distDir: string) => `${distDir.replace(/[/\\]+$/, '')}-ssr`;
/** A server-rendered page's template in that directory: the built index.html with the page's own stylesheets. */
export const memberPageTemplate = (page: string) => `pages/${page === '/' ? 'home' : page.slice(1)}.html`;
