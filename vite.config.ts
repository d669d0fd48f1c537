import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
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
 * Route chunks are named after their route file (src/routes/my-id.tsx -> assets/my-id-[hash].js, the index route
 * -> index-[hash].js), the entry is app-[hash].js: bench/bundle.mjs finds the first route and member-ID chunks by name.
 */
function chunkFileName(chunk: { name: string; facadeModuleId: string | null }): string {
  const route = /\/src\/routes\/(.+?)\.tsx?(?:\?.*)?$/.exec(chunk.facadeModuleId ?? '');
  if (!route?.[1]) return 'assets/[name]-[hash].js';
  const name =
    route[1]
      .replace(/(^|[/.])index$/, '$1')
      .replace(/\$/g, '')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'index';
  return `assets/${name}-[hash].js`;
}

export default defineConfig({
  resolve: { alias: { '@': `${root}src` } },
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
  plugins: [
    // The router plugin must come before react(): it generates src/routeTree.gen.ts and splits each route file.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single', semicolons: true }),
    react(),
    webManifest(),
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
        // A tripwire, not a bypass: an asset this large on the precache is a budget problem.
        maximumFileSizeToCacheInBytes: 1.5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: { entryFileNames: 'assets/app-[hash].js', chunkFileNames: chunkFileName },
    },
    sourcemap: false,
    reportCompressedSize: true,
  },
  preview: { port: 4173 },
});
