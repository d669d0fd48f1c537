import { Workbox } from 'workbox-window';
import { create } from 'zustand';

interface SwState {
  /** A new version is installed and waiting for the member's consent (or another tab already switched to it). */
  updateAvailable: boolean;
  /** The first install finished: the app now opens offline. */
  offlineReady: boolean;
  /** The member dismissed the prompt for this version. */
  dismissed: boolean;
}

export const useSwStore = create<SwState>(() => ({ updateAvailable: false, offlineReady: false, dismissed: false }));

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

/**
 * Registers /sw.js with "prompt" semantics: a new version waits until the member accepts (applyUpdate), then the
 * page reloads once the new worker controls it. Checks for updates whenever the app becomes visible again
 * (installed apps on iOS never check on resume by themselves) and hourly while it stays open.
 */
export function registerServiceWorker(scriptUrl = '/sw.js'): void {
  if (wb || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  wb = new Workbox(scriptUrl, { scope: '/', updateViaCache: 'none' });

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

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkForUpdate();
  });
  window.setInterval(() => {
    if (document.visibilityState === 'visible') void checkForUpdate();
  }, 60 * 60 * 1000);
}

/** The member accepted the update: activate the waiting worker (SKIP_WAITING), then reload when it takes over. */
export function applyUpdate(): void {
  reloadRequested = true;
  if (registration?.waiting && wb) {
    wb.messageSkipWaiting(); // posts { type: 'SKIP_WAITING' } (sw/messages.ts) to the waiting worker
    // If the worker had already been activated elsewhere, 'controlling' will not fire again: reload anyway.
    window.setTimeout(reload, 3000);
  } else {
    reload();
  }
}

export function dismissUpdate(): void {
  useSwStore.setState({ dismissed: true });
}

/** For components: true while the "new version" prompt should show. */
export const useUpdateAvailable = (): boolean => useSwStore((s) => s.updateAvailable && !s.dismissed);
