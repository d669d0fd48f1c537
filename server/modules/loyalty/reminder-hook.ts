import type { Executor } from '../../db/client';
import type { pointExpiryReminders } from '../../db/schema/loyalty';

export type ExpiryReminder = typeof pointExpiryReminders.$inferSelect;

/**
 * The one place an expiry reminder leaves the loyalty domain: called once for each reminder row the job writes,
 * inside the transaction that writes it, so whatever is queued here (the notification outbox's event: the member,
 * the points, the expiry day, how many days before) commits with the row or not at all, and exactly once per batch
 * and reminder day. Until the outbox is connected the row itself is the event: nothing else is done.
 */
export async function reminderWritten(_tx: Executor, _reminder: ExpiryReminder): Promise<void> {}
