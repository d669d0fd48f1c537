import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { prerender } from './src/prerender/plugin.ts';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = fileURLToPath(new URL('.', import.meta.url));
const manifestFile = fileURLToPath(new URL('./manifest.webmanifest', import.meta.url));

/** Changes with every build: the query-cache persisters use it as their `buster`. */
const buildId = process.env.BUILD_ID ?? Date.now().toString(36);

/**
 * Our own manifest.webmanifest lives at the top level (VitePWA's `manifest: false`), so we serve it in dev, emit
 * it unhashed at dist/manifest.webmanifest (the precache glob picks it up) and add the <link rel="manifest">.
 */
function webManifest(): Plugin {
  const read = () => {
    const text = readFileSync(manifestFile, 'utf8');
    JSON.parse(text); // fail the build on a broken manifest
    return text;
  };
  return {
    name: 'member-rewards:web-manifest',
    buildStart() {
      this.addWatchFile(manifestFile);
    },
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('content-type', 'application/manifest+json');
        res.end(read());
      });
    },
    // Injected after Vite's HTML processing, which would otherwise copy the file to a hashed assets/ URL.
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' }],
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: read() });
    },
  };
}

/**
 * Message catalogues travel with the code that uses them. Every module of src/ that mentions a key of a domain
 * ('marketing.title', `orders.status_${s}`) gets that domain's catalogue imported and registered in front of it, so
 * the marketing strings land in the marketing route chunks and the first route carries only what it shows.
 * src/lib/i18n/catalog/all.ts (every domain at once, for dev and tests) becomes an empty module.
 * Runs after the router plugin has split the route files, so a route's strings follow its component chunk.
 */
function i18nSplit(): Plugin {
  const i18nDir = `${root}src/lib/i18n/`;
  const catalogDir = `${i18nDir}catalog/`;
  let domainKey: RegExp = /$^/;
  return {
    name: 'member-rewards:i18n-split',
    apply: 'build',
    buildStart() {
      const domains = readdirSync(catalogDir)
        .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && f !== 'all.ts')
        .map((f) => f.slice(0, -3));
      domainKey = new RegExp(`['"\`](${domains.join('|')})\\.[A-Za-z_$]`, 'g');
    },
    load(id) {
      if (id.split('?')[0] === `${catalogDir}all.ts`) return 'export const domains = {};';
      return null;
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (!file.startsWith(`${root}src/`) || file.startsWith(i18nDir) || !/\.[cm]?[jt]sx?$/.test(file)) return null;
      const domains = new Set([...code.matchAll(domainKey)].map((m) => m[1] ?? ''));
      domains.delete('common'); // always registered by src/lib/i18n
      if (domains.size === 0) return null;
      const head = [`import { registerCatalog as __i18nRegister } from ${JSON.stringify(`${catalogDir}index.ts`)};`];
      for (const d of domains) {
        head.push(`import { ${d} as __i18n_${d} } from ${JSON.stringify(`${catalogDir}${d}.ts`)};`);
        head.push(`__i18nRegister(${JSON.stringify(d)}, __i18n_${d});`);
      }
      return { code: `${head.join('\n')}\n${code}`, map: null };
    },
  };
}

/**
 * The boot module of /my-id (src/boot/member-card.ts) as a chunk of its own, run by index.html with `async` ahead
 * of the app's entry: Vite would bundle a second <script type="module"> of index.html into the entry itself, after
 * the framework. In dev it is skipped: the app draws the card as soon as it starts.
 */
function bootModule(): Plugin {
  const id = `${root}src/boot/member-card.ts`;
  let ref = '';
  return {
    name: 'member-rewards:boot-module',
    apply: 'build',
    buildStart() {
      ref = this.emitFile({ type: 'chunk', id, name: 'boot-member-card' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = ctx.bundle && Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === id);
        if (!chunk || chunk.type !== 'chunk') return [];
        // Its imports, and theirs, are preloaded with it: fetched in one round trip instead of one after the other (an
        // import found only once its importer has been parsed waits for a main thread busy with the first paint).
        const files = new Set<string>();
        const visit = (file: string) => {
          const imported = ctx.bundle?.[file];
          if (files.has(file) || imported?.type !== 'chunk') return;
          files.add(file);
          imported.imports.forEach(visit);
        };
        chunk.imports.forEach(visit);
        const preloads = [...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head-prepend' as const }));
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` }, injectTo: 'head-prepend' }, ...preloads];
      },
    },
  };
}

/**
 * Route chunks are named after their route file without its layout folders (src/routes/_member/_screen/my-id.tsx ->
 * assets/my-id-[hash].js, the index route -> index-[hash].js, the layout src/routes/_member/_home.tsx ->
 * _home-[hash].js), the entry is main-[hash].js: bench/bundle.mjs finds the first route and member-ID chunks by name.
 */
function chunkFileName(chunk: { name: string; facadeModuleId: string | null }): string {
  const route = /\/src\/routes\/(.+?)\.tsx?(?:\?.*)?$/.exec(chunk.facadeModuleId ?? '');
  if (!route?.[1]) return 'assets/[name]-[hash].js';
  const name =
    route[1]
      .replace(/^(?:_[\w-]+\/)+/, '')
      .replace(/(^|[/.])index$/, '$1')
      .replace(/\$/g, '')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'index';
  return `assets/${name}-[hash].js`;
}

/**
 * Writes .br and .gz beside every text asset once the build (and the service worker) is written, so the server
 * sends them pre-compressed (@fastify/static preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const full = path.join(dir, f);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return {
    name: 'member-rewards:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!/\.(js|css|html|svg|webmanifest|json|txt)$/.test(file)) continue;
          const data = readFileSync(file);
          if (data.length < 1024) continue;
          writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  resolve: { alias: { '@': `${root}src` } },
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
  plugins: [
    // The router plugin must come before react(): it generates src/routeTree.gen.ts (with the options of
    // tsr.config.json, shared with scripts/gen-routes.mjs) and splits each route file.
    tanstackRouter({
      autoCodeSplitting: true,
      // The loader goes with the component into the route's own chunk: otherwise every route's loader (and the
      // feature api, contracts and schemas it imports) would sit in the first-route bundle. Precached, so offline
      // navigation does not wait for it.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent'], ['pendingComponent']],
        // The member and guest frames (src/routes/_guest.tsx, _member.tsx, _member/_home.tsx…) are a few lines each,
        // and every first screen needs one: they stay in the entry instead of being chunks fetched before the screen
        // can paint. The admin, marketing and staff frames bring their own screens' code and are split like screens.
        splitBehavior: ({ routeId }) => (/^\/_(?:guest|member)(?:\/_[\w-]+)?$/.test(routeId) ? [] : undefined),
      },
    }),
    react(),
    i18nSplit(),
    webManifest(),
    bootModule(),
    prerender(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // Every route chunk, the manifest and the icons: the whole app opens offline.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // Except the staff camera scanner: the scanner chunk, zxing-wasm's reader (~36 KB) and its .wasm (~930 KB)
        // would be downloaded by every member's install, yet only the staff screen loads them, and only on first use;
        // staff work online anyway. Setting globIgnores replaces workbox's default, so node_modules is restated.
        globIgnores: ['**/node_modules/**/*', 'assets/scanner-*.js', 'assets/reader-*.js', 'assets/zxing_reader-*', '**/*.wasm'],
        // A tripwire, not a bypass: an asset this large on the precache is a budget problem.
        maximumFileSizeToCacheInBytes: 1.5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/main-[hash].js',
        chunkFileNames: chunkFileName,
        // The libraries every screen runs on (React, the router, Query, Mantine's core) in one chunk: left to the
        // automatic splitting they come as ~40 small shared chunks, each compressed on its own, with import glue
        // between them (~7 KB gzip more for the first route). Only libraries the shell loads anyway: a group takes
        // every module it matches, so a library used by a few screens only (valibot, Mantine components) stays out.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /\/node_modules\/(?:react|react-dom|scheduler|clsx|use-sync-external-store|@tanstack\/(?:history|store|react-store|router-core|react-router|query-core|react-query|query-sync-storage-persister|query-persist-client-core|react-query-persist-client)|@mantine\/core\/esm\/core)\//,
            },
            {
              // The client, its contracts, the session and the member's points (the home's first paint): small modules
              // the first route loads and later screens share; left alone each becomes a chunk of its own (with its
              // import glue) in the first route.
              name: 'session',
              test: /\/(?:src\/lib\/(?:frappe|frappe-error|frappe-request|api)|contracts\/(?:contract|errors|session|loyalty)|src\/entities\/(?:member|loyalty)\/index)\.ts$/,
            },
            {
              // The catalogue the home's carousels read, with the redeem-conditions document it shares its chunk with.
              name: 'items',
              test: /\/(?:src\/entities\/items\/index|contracts\/(?:catalog|documents))\.ts$/,
            },
          ],
        },
      },
      treeshake: {
        // Component files and feature barrels only declare things, but their CSS imports make them look
        // side-effectful: then a route loader that imports a query from a feature barrel, or the root importing
        // one helper, would drag every screen of that feature (and its CSS) into the first-route bundle.
        moduleSideEffects: [
          // The back office's areas keep their screens beside their lists' search schemas (a route's
          // validateSearch reads those), so any .tsx of a feature is a declaration too.
          { test: /\/src\/(?:features\/(?:[^/]+\/(?:index|components\/.+)\.tsx?|.+\.tsx)|components\/.+\.tsx?)$/, sideEffects: false },
        ],
      },
    },
    sourcemap: false,
    reportCompressedSize: true,
  },
  // `npm run dev`: the API, uploaded files and the realtime socket come from the Fastify server
  // (`PORT=8000 npx tsx server/main.ts`), so the dev app is same-origin like the real one (cookie session, CSRF).
  server: {
    proxy: Object.fromEntries(
      ['/api', '/files', '/private', '/socket.io'].map((prefix) => [
        prefix,
        { target: process.env.DEV_API_URL ?? 'http://127.0.0.1:8000', changeOrigin: false, ws: prefix === '/socket.io' },
      ]),
    ),
  },
  preview: { port: 4173 },
});
