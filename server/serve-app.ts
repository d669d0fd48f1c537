import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound, sendFrappeError } from './frappe/errors';
import { prerenderedFile } from '../contracts/prerendered';
import { memberPageRenderer, sendMemberPage } from './member-page';
import { acceptedEncodings } from './accept-encoding';

/**
 * Paths the SPA fallback must never answer with index.html. A missing /assets/ file is an old build's chunk:
 * index.html there would reach a script tag as text/html (refused under nosniff) instead of a plain 404.
 */
const NOT_APP = /^\/(api|files|private|socket\.io|assets)(\/|$)/;
/** Of those, the ones that are never files of the built app. */
const NOT_APP_DATA = /^\/(api|files|private|socket\.io)(\/|$)/;

/** Whether a path belongs to the app's screens (not the API, files, realtime or the build's assets). */
export const isAppPath = (url: string) => !NOT_APP.test(url.split('?')[0] ?? '/');

/** The build's compressed twins of a text file (vite.config.ts precompress), best first. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/**
 * The app's HTML with `status`: the page the build rendered for this address (dist/pages/, a guest or marketing page
 * readable before any script runs) or index.html, whose app reads the address itself and shows its screen (or its
 * not-found screen), also before a service worker is installed. Brotli or gzip from the build's twin when the
 * browser takes it. Null when the app is not built.
 */
export function sendAppShell(reply: FastifyReply, distDir: string, status = 200, pathname?: string): FastifyReply | null {
  const page = pathname === undefined ? null : prerenderedFile(pathname);
  const file = [page ? path.join(distDir, page) : null, path.join(distDir, 'index.html')].find((f) => f && fs.existsSync(f));
  if (!file) return null;
  const accepts = acceptedEncodings(reply.request);
  const twin = ENCODINGS.find(([name, ext]) => accepts.includes(name) && fs.existsSync(file + ext));
  reply.status(status).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (!twin) return reply.send(fs.readFileSync(file));
  return reply.header('content-encoding', twin[0]).send(fs.readFileSync(file + twin[1]));
}

/**
 * Serves the built app: hashed assets cached for a year, index.html and the service worker never cached, and
 * index.html for any other page address (the app shows the screen, or its not-found screen).
 */
export async function registerStatic(app: FastifyInstance, distDir: string) {
  const index = path.join(distDir, 'index.html');
  const hasApp = fs.existsSync(index);
  const renderer = memberPageRenderer(distDir);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (vite.config.ts precompress).
      preCompressed: true,
      setHeaders(res, file) {
        const rel = path.relative(distDir, file);
        if (rel.startsWith('assets' + path.sep)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
    // Register every top-level file so wildcard:false still serves sw.js, the manifest, icons...
  }
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    // HEAD is a GET without the body (uptime checks, link previews): Node drops the body itself.
    const read = req.method === 'GET' || req.method === 'HEAD';
    // A file deployed after start (a new build copied over the old one) is served too: wildcard:false only
    // knows the files that were there at start, and the new service worker precaches the new ones.
    if (read && hasApp && !NOT_APP_DATA.test(url)) {
      const file = path.join(distDir, path.normalize(url).replace(/^(\.\.[/\\])+/, ''));
      if (url !== '/' && file.startsWith(distDir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(path.relative(distDir, file));
      }
    }
    if (NOT_APP.test(url) || !read) {
      return sendFrappeError(reply, notFound(`Not found: ${url.slice(0, 120)}`));
    }
    if (hasApp && (await sendMemberPage(app, req, reply, distDir, renderer))) return reply;
    if (hasApp) return sendAppShell(reply, distDir, 200, url);
    return reply.type('text/plain; charset=utf-8').status(503).send('The app is not built yet: run `npm run build` (npm start does it for you).');
  });
}
