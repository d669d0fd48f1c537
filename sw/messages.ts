/**
 * Messages the page sends to the service worker. Kept free of worker and DOM types so the app can import
 * the constants too (src/lib/sw-registration.ts).
 */
export const SKIP_WAITING = 'SKIP_WAITING';

export type PageToSwMessage = { type: typeof SKIP_WAITING };

export function isSkipWaiting(data: unknown): data is PageToSwMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING;
}
