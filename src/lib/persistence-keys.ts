/**
 * Where the first-paint tier of the query cache lives and how long it is trusted: shared by the persistence layer
 * and the boot module that paints the member card before React (which must not load the persisters).
 */
export const MAX_AGE = 7 * 24 * 60 * 60 * 1000;
export const SYNC_STORAGE_KEY = 'member-rewards:query-cache';
