import { create } from 'zustand';

/**
 * The "new version" state the UI reads. Kept apart from src/lib/sw-registration.ts (workbox-window), which the
 * app loads only after the first paint.
 */
interface SwState {
  /** A new version is installed and waiting for the member's consent (or another tab already switched to it). */
  updateAvailable: boolean;
  /** The first install finished: the app now opens offline. */
  offlineReady: boolean;
  /** The member dismissed the prompt for this version. */
  dismissed: boolean;
}

export const useSwStore = create<SwState>(() => ({ updateAvailable: false, offlineReady: false, dismissed: false }));

let activate: (() => void) | undefined;

/** Called by sw-registration.ts once it has a registration: what "update now" does. */
export function setUpdateHandler(handler: () => void): void {
  activate = handler;
}

/** The member accepted the update: activate the waiting worker (SKIP_WAITING), reload when it takes over. */
export function applyUpdate(): void {
  if (activate) activate();
  else window.location.reload();
}

export function dismissUpdate(): void {
  useSwStore.setState({ dismissed: true });
}

/** For components: true while the "new version" prompt should show. */
export const useUpdateAvailable = (): boolean => useSwStore((s) => s.updateAvailable && !s.dismissed);
