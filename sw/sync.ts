/// <reference lib="webworker" />
import { OUTBOX_REPLAY_MESSAGE, OUTBOX_SYNC_TAG, type SwToPageMessage } from './messages';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event (Chromium only; not in TypeScript's lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/**
 * The connection is back (Chromium's Background Sync): wake the open pages so they replay their outbox. The
 * worker never replays stored requests itself — their CSRF token and session would be stale; the page builds
 * each request afresh. With no page open the sync fails, so the browser tries again later (and the next app
 * start replays anyway).
 */
export function registerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        for (const client of windows) client.postMessage({ type: OUTBOX_REPLAY_MESSAGE } satisfies SwToPageMessage);
        if (windows.length === 0 && !sync.lastChance) throw new Error('No page open to replay the outbox');
      })(),
    );
  });
}
