import './lib/mantine-styles';
import { IsRestoringProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRoute } from '@tanstack/react-router';
import { Suspense, lazy, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { whenIdle } from './lib/idle';
import { createQueryClient } from './lib/query-client';
import { memberKeys } from './entities/member';
import { startOnlineDetection, watchQueryNetwork } from './lib/online';
import { setupPersistence, useIsRestoringPersistence } from './lib/persistence';
import './features/offline/install'; // captures beforeinstallprompt before React mounts
import { createAppRouter } from './router';
import { dropBootCard } from './components/boot-card';
import { AppProviders } from './components/app-providers';
import { claimPrerendered } from './boot/prerendered';
import { takeServerState } from './lib/server-state';

const Toaster = lazy(() => import('./components/toaster').then((m) => ({ default: m.Toaster })));

/** The toast container is not needed for the first paint: load it once the browser is idle. */
function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true), 2000, 500), []);
  return ready ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

// TanStack Query assumes "online" at start; an app opened from the home screen in a dead zone is not
// (navigator.onLine, then a /api/method/ping probe and failed fetches: src/lib/online.ts).
startOnlineDetection();

// A refused call asks the server again who is signed in (a blocked member lands on the sign-in, not on dead screens).
const queryClient: QueryClient = createQueryClient({}, { onAuthRefused: () => void queryClient.invalidateQueries({ queryKey: memberKeys.boot }) });
watchQueryNetwork(queryClient);
// First-paint state (session, profile, member code) hydrates synchronously here; bulk data from IndexedDB next.
setupPersistence(queryClient);
// A member screen the server rendered brings the answers it was drawn from (server/member-page.ts).
const serverRendered = takeServerState(queryClient);
// Queued address/profile writes: replayed now if online, and whenever the connection returns. A dynamic import
// (fetched at once, in parallel with the first route, precached for offline starts): idb-keyval and the outbox
// are not part of the first-route bundle.
void import('./lib/outbox').then((m) => m.startOutbox({ queryClient }));
const router = createAppRouter(queryClient);
// The boot module may have painted the member card (src/boot/member-card.ts): QrCode takes it over on /my-id; on any
// other screen (the guard sent the visitor elsewhere) it goes as soon as React shows that screen.
const stopBootCard = router.subscribe('onResolved', ({ toLocation }) => {
  if (toLocation.pathname.replace(/\/+$/, '') === '/my-id') return;
  dropBootCard();
  stopBootCard();
});
// The first screen's code is fetched now, in parallel with the sign-in check (the root guard), not after it:
// one round trip less before the first paint on a slow connection.
for (const match of router.matchRoutes(window.location.pathname, {})) {
  const route = (router.routesById as unknown as Record<string, AnyRoute | undefined>)[match.routeId];
  if (route) void router.loadRouteChunk(route)?.catch(() => undefined);
}

/**
 * While the IndexedDB tier is being read (a few ms), useQuery shows what the cache already has (the sync tier:
 * session, profile, member code — so /my-id paints at once) and fetches nothing; then it carries on with the
 * restored data. Route loaders only prefetch, and hydration fills a query that started meanwhile.
 */
function PersistedRouter() {
  const restoring = useIsRestoringPersistence();
  return (
    <IsRestoringProvider value={restoring}>
      <RouterProvider router={router} />
    </IsRestoringProvider>
  );
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const app = (
  <AppProviders queryClient={queryClient}>
    <PersistedRouter />
    <DeferredToaster />
  </AppProviders>
);
const mount = () => {
  rootElement.inert = false;
  createRoot(rootElement).render(app);
};
// A member screen the server rendered from the same answers the cache now holds: React takes its markup over as it
// is (hydration), so nothing on screen is replaced.
const hydrateServerPage = () => {
  // The router's own switch for taking over server markup (its client hydrate() sets it): without it the client wraps
  // the root in Suspense boundaries the server render has not.
  router.ssr = { manifest: undefined };
  hydrateRoot(rootElement, app);
  rootElement.inert = false;
};
// The page the build or the server rendered into #root stays on screen until the router has what the first screen
// needs (guard, route chunks): React's first commit then takes it over in one go, instead of an empty root and a
// skeleton in between.
if (claimPrerendered(rootElement)) {
  router.load().then(serverRendered ? hydrateServerPage : mount, mount);
} else {
  mount();
}

// The service worker (and workbox-window) is not needed for the first paint: register it once the page has loaded.
if (import.meta.env.PROD) {
  const register = () => void import('./lib/sw-registration').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
