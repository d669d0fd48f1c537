import type { IncomingHttpHeaders } from 'node:http';
import type { ServerConfig } from '../config';

function firstHeader(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v?.split(',')[0]?.trim() || undefined;
}

/** Whether an Origin header names this server: its Host, the proxy's forwarded host, or PUBLIC_URL's host. */
export function originIsOurs(origin: string, headers: IncomingHttpHeaders, config: ServerConfig): boolean {
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false; // `null` (a sandboxed frame, a redirect chain) or garbage
  }
  const allowed = [headers.host, firstHeader(headers['x-forwarded-host'])];
  try {
    allowed.push(new URL(config.publicUrl).host);
  } catch {
    /* PUBLIC_URL is optional in practice */
  }
  // An Origin never names a default port; a Host header may.
  const bare = (h: string | undefined) => h?.toLowerCase().replace(/:(80|443)$/, '');
  return allowed.some((h) => h !== undefined && bare(h) === bare(host));
}

/**
 * Whether a request comes from another site's page. Browsers send Origin on every cross-origin POST and
 * Sec-Fetch-Site on every request; API clients and scripts send neither and are not refused (a browser cannot
 * send their Authorization header cross-site without a CORS preflight, which this server never grants).
 */
export function isCrossSite(headers: IncomingHttpHeaders, config: ServerConfig): boolean {
  const origin = firstHeader(headers.origin);
  if (origin !== undefined) return !originIsOurs(origin, headers, config);
  const site = firstHeader(headers['sec-fetch-site']);
  return site === 'cross-site' || site === 'same-site';
}

/** Whether the browser says the request came from one of our own pages (not typed, not another site's link). */
export const fromOwnPage = (headers: IncomingHttpHeaders) => firstHeader(headers['sec-fetch-site']) === 'same-origin';
