import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANG_COOKIE, langOf, type Lang } from '../contracts/language';
import { memberPageTemplate, SERVER_STATE_ID, serverRenderDir, serverRenderedPage } from '../contracts/prerendered';
import { SID_COOKIE } from './frappe/sessions';
import { acceptedEncodings } from './accept-encoding';

/**
 * A signed-in member's first open, painted by the server: a navigation to one of their screens that reaches the
 * server (no service worker answered it: a first open, a cleared phone, LINE's in-app browser, which gives a page
 * no service worker) gets the screen rendered from their own data, not the empty frame that waits for the whole
 * app and then its reads. The app's own code renders it (src/prerender/member-page.tsx, built beside the app by
 * vite.config.ts's prerender), its reads answered in-process as the member's own requests would be.
 */

interface MemberPage {
  html: string;
  state: unknown;
  head: { description: string; appTitle: string };
}
interface Renderer {
  renderMemberPage(path: string, fetchFor: typeof fetch, lang: Lang): Promise<MemberPage | null>;
}

const ROOT = '<div id="root"></div>';
const HTML_LANG = /<html lang="[^"]*"/;
const DESCRIPTION = /<meta name="description" content="[^"]*"/;
const APP_TITLE = /<meta name="apple-mobile-web-app-title" content="[^"]*"/;
const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside a script element: `<` escaped, so no text in the data can close the element. */
const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

/**
 * The fetch a render reads through, as the visitor: only the API, only reads (GET), with the visitor's cookie and
 * address and nothing else of the render (no other visitor's CSRF token can travel with it). It asks in the page's
 * language, as the app does (its Accept-Language is the language on screen).
 */
function fetchFor(app: FastifyInstance, req: FastifyRequest, lang: Lang): typeof fetch {
  return async (input, init = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' || !url.startsWith('/api/')) throw new Error(`a server render only reads the API: ${method} ${url.slice(0, 120)}`);
    const res = await app.inject({
      method: 'GET',
      url,
      remoteAddress: req.ip,
      headers: {
        cookie: req.headers.cookie ?? '',
        accept: 'application/json',
        'accept-language': lang,
        ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
      },
    });
    return new Response(res.payload, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
  };
}

const renderers = new Map<string, Promise<Renderer | null>>();
/**
 * The built renderer, loaded once per process (a few seconds: React's server renderer, Mantine, the app's screens);
 * null when the app was built without it (then every member page is the frame). server/main.ts loads it at start,
 * so no member's first open waits for it.
 */
export function memberPageRenderer(distDir: string): () => Promise<Renderer | null> {
  const file = path.join(serverRenderDir(distDir), 'member-page.js');
  return () => {
    let loading = renderers.get(file);
    if (!loading) {
      loading = fs.existsSync(file) ? (import(pathToFileURL(file).href) as Promise<Renderer>) : Promise.resolve(null);
      renderers.set(file, loading);
    }
    return loading;
  };
}

const templates = new Map<string, string | null>();
/** A page's template, read once per process like the renderer built with it (not on every member's open). */
function templateOf(file: string): string | null {
  if (!templates.has(file)) templates.set(file, fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
  return templates.get(file) ?? null;
}

const cookieOf = (req: FastifyRequest, name: string) => (req.cookies as Record<string, string | undefined> | undefined)?.[name];
const hasSession = (req: FastifyRequest) => {
  const sid = cookieOf(req, SID_COOKIE);
  return Boolean(sid && sid !== 'Guest');
};

/**
 * Answers a member screen's navigation with its server render; false when it does not apply (a guest, an address not
 * rendered here, a visitor the app sends elsewhere, a render that failed): the caller sends the app's shell as before.
 */
export async function sendMemberPage(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  distDir: string,
  renderer: () => Promise<Renderer | null>,
): Promise<boolean> {
  const page = serverRenderedPage(req.url.split('?')[0] ?? '/');
  if (!page || req.method !== 'GET' || !hasSession(req)) return false;
  const render = await renderer();
  const template = render && templateOf(path.join(serverRenderDir(distDir), memberPageTemplate(page)));
  if (!render || !template) return false;
  // The member's chosen language, which the app keeps in a cookie too; none, or one the app does not speak, is Thai.
  const lang = langOf(cookieOf(req, LANG_COOKIE));
  let rendered: MemberPage | null;
  try {
    rendered = await render.renderMemberPage(req.url, fetchFor(app, req, lang), lang);
  } catch (err) {
    req.log.warn({ err, page }, 'server render failed: the app shell answers instead');
    return false;
  }
  if (!rendered) return false;
  // The page's language throughout: <html lang>, the words in its head (a shared link's preview, the home-screen name)
  // and #root. The boot module keeps the markup only for a reader whose device has the same choice as #root says
  // (src/boot/prerendered.ts): the app may have set <html lang> to its own by the time that is asked.
  const doc = template
    .replace(HTML_LANG, `<html lang="${lang}"`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${attribute(rendered.head.description)}"`)
    .replace(APP_TITLE, () => `<meta name="apple-mobile-web-app-title" content="${attribute(rendered.head.appTitle)}"`)
    .replace(
      ROOT,
      () =>
        `<div id="root" lang="${lang}" data-prerendered="${page}">${rendered.html}</div>\n    <script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(rendered.state)}</script>`,
    );
  // One member's page, in their language: never kept by a shared cache, nor by the browser for another visitor of the
  // same address or another language (both are cookies).
  void reply.status(200).header('cache-control', 'no-store').header('vary', 'Cookie, Accept-Encoding').type('text/html; charset=utf-8');
  const [encoding, body] = await compressed(doc, acceptedEncodings(req));
  if (encoding) void reply.header('content-encoding', encoding);
  void reply.send(body);
  return true;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The page as the browser takes it: the markup and its data are 80–120 KB, a tenth of that compressed, and a slow
 * mobile line is what this page is for. Brotli at a middle quality costs a few milliseconds, not the tens of the best.
 */
async function compressed(doc: string, accepts: string[]): Promise<[string | null, Buffer | string]> {
  if (accepts.includes('br')) return ['br', await brotli(doc, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })];
  if (accepts.includes('gzip')) return ['gzip', await gzip(doc)];
  return [null, doc];
}
