import * as v from 'valibot';

/**
 * What the page and the service worker say to each other (postMessage), and the Background Sync tag. Free of
 * worker and DOM types: the app, the worker and the tests share it.
 */

/** The page's "new version" prompt: activate the waiting worker now. */
export const SKIP_WAITING = 'SKIP_WAITING';
/** The tag the page registers with `registration.sync.register` while a write waits for the network. */
export const OUTBOX_SYNC_TAG = 'outbox-replay';
/** What the worker posts to the open pages on a 'sync' event: the page replays (fresh request, fresh CSRF token). */
export const OUTBOX_REPLAY_MESSAGE = 'OUTBOX_REPLAY';

export const PageToSwMessageSchema = v.variant('type', [v.object({ type: v.literal(SKIP_WAITING) })]);
export type PageToSwMessage = v.InferOutput<typeof PageToSwMessageSchema>;

export const SwToPageMessageSchema = v.variant('type', [v.object({ type: v.literal(OUTBOX_REPLAY_MESSAGE) })]);
export type SwToPageMessage = v.InferOutput<typeof SwToPageMessageSchema>;

export const isSkipWaiting = (data: unknown): data is PageToSwMessage => v.is(PageToSwMessageSchema, data) && data.type === SKIP_WAITING;
export const isOutboxReplay = (data: unknown): data is SwToPageMessage =>
  v.is(SwToPageMessageSchema, data) && data.type === OUTBOX_REPLAY_MESSAGE;
