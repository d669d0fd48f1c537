import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound, sendFrappeError } from './errors';

/** Paths the SPA fallback must never answer with index.html. */
const NOT_APP = /^\/(api|files|private|socket\.io)(\/|$)/;

/** Serves the built app: hashed assets cached for a year, index.html and the service worker never cached. */
export async function registerStatic(app: FastifyInstance, distDir: string) {
  const index = path.join(distDir, 'index.html');
  const hasApp = fs.existsSync(index);
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
    if (NOT_APP.test(url) || req.method !== 'GET') {
      return sendFrappeError(reply, notFound(`Not found: ${url.slice(0, 120)}`));
    }
    if (hasApp) {
      const file = path.join(distDir, path.normalize(url).replace(/^(\.\.[/\\])+/, ''));
      if (url !== '/' && file.startsWith(distDir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(path.relative(distDir, file));
      }
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(fs.readFileSync(index));
    }
    return reply.type('text/plain; charset=utf-8').status(503).send('The app is not built yet: run `npm run build` (npm start does it for you).');
  });
}
