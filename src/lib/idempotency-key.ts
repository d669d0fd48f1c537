/**
 * A fresh `Idempotency-Key` for one intended write (RFC 4122 v4). Made once per user action and sent again with
 * every retry or replay of it, so the server carries the write out once. The app only runs in a secure context
 * (a service worker needs one), where crypto.randomUUID is always there.
 */
export const newIdempotencyKey = (): string => crypto.randomUUID();
