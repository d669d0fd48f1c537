import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  IMAGE_CACHE,
  IMAGE_CACHE_MAX_AGE_SECONDS,
  IMAGE_CACHE_MAX_ENTRIES,
  NAVIGATION_DENYLIST,
  isCacheableImage,
} from './match';

declare const self: ServiceWorkerGlobalScope;

/** Every in-app navigation gets the precached index.html, so deep links open offline (the router takes over). */
export function registerNavigation() {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...NAVIGATION_DENYLIST] }));
}

/**
 * Images: cache-first, because an uploaded file's URL never changes content; bounded and expiring so a long
 * catalogue cannot fill the phone. Only 200 answers are stored (Workbox's default), never errors.
 */
export function registerImageCache() {
  registerRoute(
    ({ url, request }) => isCacheableImage(url, self.location.origin, request.destination),
    new CacheFirst({
      cacheName: IMAGE_CACHE,
      plugins: [
        new ExpirationPlugin({
          maxEntries: IMAGE_CACHE_MAX_ENTRIES,
          maxAgeSeconds: IMAGE_CACHE_MAX_AGE_SECONDS,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );
}
