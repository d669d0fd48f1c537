import { Workbox } from 'workbox-window';
import { SET_LANGUAGE, type SetLanguageMessage } from '../../contracts/notifications';
import { useLangStore } from './i18n';
import { setUpdateHandler, useSwStore } from './sw-update';

let wb: Workbox | undefined;
let registration: ServiceWorkerRegistration | undefined;
let reloadRequested = false;

const reload = () => window.location.reload();

/** Looks for a new service worker; cheap (the browser compares sw.js bytes), skipped offline. */
export async function checkForUpdate(): Promise<void> {
  if (!registration || !navigator.onLine) return;
  try {
    await registration.update();
  } catch {
    // offline or server down: try again next time
  }
}

/** Activates the waiting worker (posts SKIP_WAITING, contracts/sw-messages.ts) and reloads once it controls the page. */
function activateWaiting(): void {
  reloadRequested = true;
  if (registration?.waiting && wb) {
    wb.messageSkipWaiting();
    // If the worker had already been activated elsewhere, 'controlling' will not fire again: reload anyway.
    window.setTimeout(reload, 3000);
  } else {
    reload();
  }
}

/**
 * Registers /sw.js with "prompt" semantics: a new version waits until the member accepts (sw-update.ts
 * applyUpdate), then the page reloads once the new worker controls it. Checks for updates whenever the app
 * becomes visible again (installed apps on iOS never check on resume by themselves) and hourly while it stays open.
 * Loaded lazily by src/main.tsx after the first paint.
 */
export function registerServiceWorker(scriptUrl = '/sw.js'): void {
  if (wb || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  wb = new Workbox(scriptUrl, { scope: '/', updateViaCache: 'none' });
  setUpdateHandler(activateWaiting);

  wb.addEventListener('waiting', () => useSwStore.setState({ updateAvailable: true, dismissed: false }));
  wb.addEventListener('installed', (event) => {
    if (!event.isUpdate) useSwStore.setState({ offlineReady: true });
  });
  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate) return;
    // Our consent: reload into the new version. Another tab's consent: offer the reload instead of losing a form.
    if (reloadRequested) reload();
    else useSwStore.setState({ updateAvailable: true, dismissed: false });
  });

  void wb
    .register()
    .then((reg) => {
      registration = reg;
    })
    .catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });

  // Notifications are shown by the worker, which cannot read the page's storage: it is told the app's language.
  const tellLanguage = () =>
    void navigator.serviceWorker.ready.then((reg) => reg.active?.postMessage({ type: SET_LANGUAGE, lang: useLangStore.getState().lang } satisfies SetLanguageMessage));
  tellLanguage();
  useLangStore.subscribe((state, previous) => {
    if (state.lang !== previous.lang) tellLanguage();
  });
  navigator.serviceWorker.addEventListener('controllerchange', tellLanguage);

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkForUpdate();
  });
  window.setInterval(() => {
    if (document.visibilityState === 'visible') void checkForUpdate();
  }, 60 * 60 * 1000);
}
