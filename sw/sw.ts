/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { isSkipWaiting } from './messages';
import { registerImageCache, registerNavigation } from './routes';
import { registerOutboxSync } from './sync';
import { handleLanguageMessage, registerPush } from './push';

declare const self: ServiceWorkerGlobalScope;

// The built app: every route chunk, CSS, index.html, the manifest and icons (list injected at build).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerNavigation();
registerImageCache();
registerOutboxSync(); // Background Sync wakes the pages to replay their outbox (src/lib/outbox.ts)
registerPush(); // notifications from the server (Web Push): shown in the app's language, a tap opens their screen
// /api answers are deliberately not cached here: the app keeps its own data cache (TanStack Query + IndexedDB).

// Updates wait for the member's consent (the "new version" prompt posts SKIP_WAITING).
self.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting();
  else handleLanguageMessage(event.data, event);
});

// A first install takes control at once, so the very first visit already works offline.
clientsClaim();
