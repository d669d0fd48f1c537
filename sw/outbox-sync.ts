/**
 * Background Sync of the outbox (src/lib/outbox.ts). Pure constants, free of worker and DOM types, so the page
 * and the service worker share them.
 */

/** The tag the page registers with `registration.sync.register` while a write waits for the network. */
export const OUTBOX_SYNC_TAG = 'outbox-replay';

/** What the worker posts to the open pages on a 'sync' event: the page replays (fresh request, fresh CSRF). */
export const OUTBOX_REPLAY_MESSAGE = 'OUTBOX_REPLAY';
