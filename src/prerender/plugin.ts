/**
 * Paint before the framework (build time, vite.config.ts): once the client build is written, renders the pages below
 * with React's server renderer through the app's own router, layouts and theme (./render.tsx, loaded by a Vite
 * server in SSR mode) and writes each into a copy of the built index.html: dist/pages/<name>.html, and the member
 * frame into index.html itself, each with its route chunks' CSS so it is styled before any script runs. #root names
 * the addresses the markup is right for (src/boot/prerendered.ts decides in the browser). Runs before the service
 * worker's precache manifest is built, so the pages are precached.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle } from 'rolldown';
import { build, createServer, type Plugin, type ResolvedConfig } from 'vite';
import { memberPageTemplate, prerenderedFile, SERVER_RENDERED_PAGES, serverRenderDir, SIGNED_IN_LEAVE_ATTR } from '../../contracts/prerendered.ts';
import type { BootInfo } from '../../contracts/session.ts';

/**
 * The guest and marketing pages whose content needs nothing from the server. Not the bakery's home, blog and branch
 * pages (their content is fetched) nor a product's page (one per ?id=).
 */
export const PRERENDERED_PAGES = ['/login', '/welcome', '/laveena-about-us', '/privacy-policy', '/product'] as const;
/** The member frame index.html carries: the home's header, tab bar and loading state. */
export const MEMBER_FRAME = '/';
export const GUEST: BootInfo = { user: 'Guest', roles: [], full_name: 'Guest', csrf_token: null, branch: null };
export const MEMBER: BootInfo = { user: 'member', roles: ['Member'], full_name: '', csrf_token: null, branch: null };

const THAI = /[\u0E00-\u0E7F]/;
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g;

/** A stylesheet of a page's route chunks: its address and its text. */
export interface PageCss {
  href: string;
  text: string;
}

/**
 * The built index.html with a page's own stylesheets inlined in its head (each linked one too when `all`): a linked
 * stylesheet is one more request that blocks the first paint on a slow connection.
 */
export function withPageCss(template: string, css: readonly PageCss[], all = false): string {
  const inline = ({ href, text }: PageCss) => `<style data-href="${href}">${text.replace(/<\/style/gi, '<\\/style')}</style>`;
  let doc = template;
  const links = new Map([...template.matchAll(STYLESHEET_LINK)].map((m) => [m[1]!, m[0]]));
  const styles: string[] = [];
  for (const sheet of css) {
    const link = links.get(sheet.href);
    if (!link) styles.push(`  ${inline(sheet)}\n`);
    else if (all) doc = doc.replace(link, () => inline(sheet));
  }
  return doc.replace('</head>', () => `${styles.join('')}  </head>`);
}

/**
 * The built index.html with `html` inside #root (right for `paths`) and the page's own stylesheets inlined in the
 * head: a linked stylesheet is one more request that blocks the first paint on a slow connection (on every member
 * address for the frame in index.html). The app later links the same files as it loads the route's chunks (Vite's
 * preload), after the paint. Every page leaves the start of the app's entry to the boot module (startAfterPaint): on the
 * member card that is after the card's code is painted, elsewhere after the first paint. A guest page (`guest`), which
 * needs nothing but its HTML to be read, has the shared stylesheets inlined too. A page the
 * app sends signed-in visitors away from (`signedInLeave`: /login, /welcome) says so, and the boot module does not
 * show it to them (src/boot/prerendered.ts).
 */
export function prerenderedDocument(
  template: string,
  html: string,
  paths: readonly string[],
  css: readonly PageCss[],
  { guest = false, signedInLeave = false }: { guest?: boolean; signedInLeave?: boolean } = {},
): string {
  const doc = withPageCss(template, css, guest).replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${paths.join(' ')}"${signedInLeave ? ` ${SIGNED_IN_LEAVE_ATTR}` : ''}>${html}</div>`);
  if (!doc.includes('data-prerendered=') || !THAI.test(html)) throw new Error(`prerender ${paths.join(' ')}: no Thai page inside #root`);
  return startAfterPaint(doc);
}

/** The shared stylesheets the built index.html links (the entry's CSS). */
export const linkedStylesheets = (template: string): string[] => [...template.matchAll(STYLESHEET_LINK)].map((m) => m[1]!);

/**
 * The app's entry script and the module preloads after it, written as `<meta name="app-entry">` for the boot module
 * to start once the page has painted (src/boot/start-app.ts): on a slow connection the framework's scripts no
 * longer share the line with the page they would only take over, and offline their evaluation (about a second of main
 * thread on a mid-range phone) no longer comes before the member card's code. The boot module's own tags, before the
 * entry, stay.
 */
export function startAfterPaint(doc: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(doc);
  if (!entry) throw new Error('prerender: no entry script in index.html');
  const before = doc.slice(0, entry.index);
  const preloads: string[] = [];
  const after = doc.slice(entry.index + entry[0].length).replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_m, href: string) => {
    preloads.push(href);
    return '';
  });
  return `${before}<meta name="app-entry" content="${entry[1]}" data-preload="${preloads.join(' ')}">${after}`;
}

/** The CSS files of a page's route chunks (and of the chunks they import), as the built app loads them. */
export function routeCss(bundle: OutputBundle, routeIds: readonly string[], root: string): string[] {
  const files = routeIds
    .filter((id) => id !== '__root__')
    .map((id) => path.join(root, `src/routes${id.endsWith('/') ? `${id}index` : id}.tsx`))
    .filter((file) => existsSync(file));
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || chunk?.type !== 'chunk') return;
    seen.add(fileName);
    for (const f of chunk.viteMetadata?.importedCss ?? []) css.add(`/${f}`);
    for (const f of chunk.imports) visit(f);
  };
  for (const chunk of Object.values(bundle)) {
    if (chunk.type === 'chunk' && files.includes(chunk.facadeModuleId?.split('?')[0] ?? '')) visit(chunk.fileName);
  }
  return [...css];
}

/** Loads the render module in a Vite server of this project (SSR): the same plugins and aliases as the build. */
export async function loadRenderer(config: { root: string; configFile?: string | false; mode?: string }) {
  const server = await createServer({
    root: config.root,
    configFile: config.configFile ?? false,
    mode: config.mode,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const module = (await server.ssrLoadModule('/src/prerender/render.tsx')) as typeof import('./render');
  return { renderPage: module.renderPage, close: () => server.close() };
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  let bundle: OutputBundle = {};
  return {
    name: 'member-rewards:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, output) {
      bundle = output;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const renderer = await loadRenderer(config);
        const memberTemplates = new Map<string, string>();
        try {
          const pages = [
            ...PRERENDERED_PAGES.map((p) => ({ file: prerenderedFile(p) ?? '', path: p, visitor: GUEST, frame: false })),
            { file: 'index.html', path: MEMBER_FRAME, visitor: MEMBER, frame: true },
          ];
          for (const page of pages) {
            const { html, routeIds, framePaths } = await renderer.renderPage(page.path, page.visitor);
            // The app's own guards decide: a page it would not show a member sends them on.
            const signedInLeave = !page.frame && (await renderer.renderPage(page.path, MEMBER).then(() => false, () => true));
            const hrefs = [...(page.frame ? [] : linkedStylesheets(template)), ...routeCss(bundle, routeIds, config.root)];
            const css = hrefs.map((href) => ({ href, text: readFileSync(path.join(outDir, href), 'utf8') }));
            const doc = prerenderedDocument(template, html, page.frame ? framePaths : [page.path], css, { guest: !page.frame, signedInLeave });
            mkdirSync(path.dirname(path.join(outDir, page.file)), { recursive: true });
            writeFileSync(path.join(outDir, page.file), doc);
          }
          // The member screens the server renders at request time (server/member-page.ts): each one's template and
          // the renderer, built for Node beside the app. Like a guest page, the page needs only its HTML to be read:
          // every stylesheet inline, and the app's entry started after the first paint.
          for (const page of SERVER_RENDERED_PAGES) {
            const { routeIds } = await renderer.renderPage(page, MEMBER);
            const hrefs = [...linkedStylesheets(template), ...routeCss(bundle, routeIds, config.root)];
            const css = hrefs.map((href) => ({ href, text: readFileSync(path.join(outDir, href), 'utf8') }));
            memberTemplates.set(page, startAfterPaint(withPageCss(template, css, true)));
          }
        } finally {
          await renderer.close();
        }
        const ssrDir = serverRenderDir(outDir);
        await build({
          root: config.root,
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: {
            ssr: path.join(config.root, 'src/prerender/member-page.tsx'),
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            rolldownOptions: { output: { entryFileNames: 'member-page.js', chunkFileNames: 'chunks/[name]-[hash].js' } },
          },
        });
        for (const [page, doc] of memberTemplates) {
          const file = path.join(ssrDir, memberPageTemplate(page));
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, doc);
        }
      },
    },
  };
}
