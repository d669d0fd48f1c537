// The messages are declared with the page's side of them.
export { isSkipWaiting, OUTBOX_REPLAY_MESSAGE, OUTBOX_SYNC_TAG, SKIP_WAITING, type PageToSwMessage, type SwToPageMessage } from '../contracts/sw-messages';
