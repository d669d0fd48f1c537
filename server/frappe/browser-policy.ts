import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy of every answer (the app, the marketing pages, the staff till). What each source
 * is for:
 * - scripts: our own bundles only, plus 'wasm-unsafe-eval' so the staff camera scanner can compile zxing-wasm
 *   (served from our origin). No inline script exists in the build, so none is allowed.
 * - styles: our CSS files and 'unsafe-inline', because Mantine writes its theme variables into <style> elements
 *   at run time and the QR renderer sets style attributes. A nonce cannot work for an app whose index.html the
 *   service worker serves from its cache, and style cannot run script.
 * - images: ours, data:/blob: (the codes the app draws) and any https address: members' LINE pictures come from
 *   LINE's servers, and blog posts may show images from elsewhere (the sanitiser lets only http(s) through).
 * - connections: our origin only; 'self' covers socket.io's same-origin WebSocket.
 * Nothing may frame the app, and it embeds no plugin.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** The policy as a header value. */
export const CSP_HEADER = Object.entries(CSP_DIRECTIVES).map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`).join('; ');

/**
 * The page headers for an answer that is sent before any hook runs (a URL the router could not decode): the same
 * policy as everywhere else.
 */
export function applyPagePolicy(reply: FastifyReply) {
  reply.header('content-security-policy', CSP_HEADER).header('x-frame-options', 'DENY').header('x-content-type-options', 'nosniff');
}

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES as unknown as Record<string, string[]> },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  hsts: false,
  // Uploaded images are shown by the app wherever it is hosted (VITE_FRAPPE_URL): not only on this origin.
  crossOriginResourcePolicy: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's headers for the options above, worked out once: they depend on nothing in the request, and running
 * helmet per request (parsing the policy again each time) cost a tenth of a remembered catalogue page's answer.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
})();

/** A year, the least the HSTS preload list accepts. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * What the browser is told on every answer: the policy above and helmet's other headers (frame protection,
 * nosniff, referrer policy...). HSTS only when the request arrived over HTTPS, directly or through a proxy
 * trusted by TRUST_PROXY: sent over plain HTTP (development, a first visit) it would be ignored, or worse, pin a
 * name that has no certificate.
 */
export async function registerBrowserPolicy(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(SECURITY_HEADERS);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  // Answers for a signed-in caller (profile, addresses, points, CSRF token, member-code secret) and answers that
  // set a cookie are never stored by a browser or a shared cache.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && (!req.user?.isGuest || reply.hasHeader('set-cookie'))) reply.header('cache-control', 'no-store');
    return payload;
  });
}
