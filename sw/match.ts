/** Pure URL rules of the service worker (no Workbox imports, so tests can load them in Node). */

/** Navigations the app shell must never answer: the API, uploaded files and the realtime socket belong to the server. */
export const NAVIGATION_DENYLIST: readonly RegExp[] = [/^\/api/, /^\/files/, /^\/private/, /^\/socket\.io/];

export const IMAGE_CACHE = 'images-v1';
export const IMAGE_CACHE_MAX_ENTRIES = 200;
export const IMAGE_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const IMAGE_EXT = /\.(png|jpe?g|webp|gif|svg|avif)$/i;

/**
 * Product and reward pictures: public uploads (/files/) and bundled catalogue images (/images/) of our own origin.
 * Private files and API answers are never cached by the worker.
 */
export function isCacheableImage(url: URL, selfOrigin: string, destination: string): boolean {
  if (url.origin !== selfOrigin) return false;
  if (!url.pathname.startsWith('/files/') && !url.pathname.startsWith('/images/')) return false;
  return destination === 'image' || IMAGE_EXT.test(url.pathname);
}

export function isDeniedNavigation(pathname: string): boolean {
  return NAVIGATION_DENYLIST.some((re) => re.test(pathname));
}
