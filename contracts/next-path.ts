/** The in-app page a member asked for before signing in, kept through LINE and phone verification. */

/** The longest in-app address kept through sign-in. */
export const NEXT_PATH_MAX = 512;

/**
 * Whether `path` is an address inside this app a sign-in may return to: it starts with a single '/', has no '//'
 * (a protocol-relative address elsewhere), no backslash (which browsers read as '/'), no scheme, no whitespace or
 * control characters. Anything else is dropped, so a link can never send a member off-site after signing in.
 */
export function isSafeNextPath(path: unknown): path is string {
  if (typeof path !== 'string' || path.length === 0 || path.length > NEXT_PATH_MAX) return false;
  if (!path.startsWith('/') || path.includes('//') || path.includes('\\')) return false;
  for (const ch of path) {
    const code = ch.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || /\s/.test(ch)) return false;
  }
  // A scheme could only hide in the first segment ('/javascript:…' is still a path, but refuse it anyway).
  return !/^\/[a-z][a-z0-9+.-]*:/i.test(path);
}
