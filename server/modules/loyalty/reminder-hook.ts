import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers } from '../../db/schema/customers';
import type { pointExpiryReminders } from '../../db/schema/loyalty';
import { enqueueEvent } from '../notifications/index';

export type ExpiryReminder = typeof pointExpiryReminders.$inferSelect;

/**
 * The one place an expiry reminder leaves the loyalty domain: called once for each reminder row the job writes,
 * inside the transaction that writes it, so the notification event (the member, the points, the expiry day, how many
 * days before) commits with the row or not at all, and exactly once per batch and reminder day (the outbox's dedupe
 * key repeats the row's own unique key).
 */
export async function reminderWritten(tx: Executor, reminder: ExpiryReminder): Promise<void> {
  const [member] = await tx.select({ user: customers.user }).from(customers).where(eq(customers.name, reminder.customer)).limit(1);
  if (!member) return;
  const days = Math.round((Date.parse(reminder.expiry_date) - Date.parse(reminder.remind_on)) / 86_400_000);
  await enqueueEvent(
    tx,
    'points_expiring',
    { points: reminder.points, expiry_date: reminder.expiry_date, days },
    { to: member.user, dedupeKey: `expiry:${reminder.batch}:${reminder.days_before}` },
  );
}
