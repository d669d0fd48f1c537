import { createHandlerBoundToURL, getCacheKeyForURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { RouteHandlerCallback } from 'workbox-core';
import { prerenderedFile } from '../contracts/prerendered';
import {
  IMAGE_CACHE,
  IMAGE_CACHE_MAX_AGE_SECONDS,
  IMAGE_CACHE_MAX_ENTRIES,
  NAVIGATION_DENYLIST,
  isCacheableImage,
} from './match';

declare const self: ServiceWorkerGlobalScope;

/**
 * Every in-app navigation gets precached HTML, so deep links open offline (the router takes over): the page the build
 * rendered for that address when there is one (a guest or marketing page, painted before the app starts), else
 * index.html.
 */
export function registerNavigation() {
  const handlers = new Map<string, RouteHandlerCallback>();
  const handlerFor = (file: string) => {
    let handler = handlers.get(file);
    if (!handler) handlers.set(file, (handler = createHandlerBoundToURL(file)));
    return handler;
  };
  const navigate: RouteHandlerCallback = (options) => {
    const page = prerenderedFile(options.url.pathname);
    return handlerFor(page && getCacheKeyForURL(page) ? page : 'index.html')(options);
  };
  registerRoute(new NavigationRoute(navigate, { denylist: [...NAVIGATION_DENYLIST] }));
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
