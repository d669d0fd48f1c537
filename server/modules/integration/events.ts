import type { Executor } from '../../db/client';

/**
 * What the brand's systems will be told (issue: webhooks), each written in the same transaction as the change it
 * reports. Every call site below is where the event is known and the transaction still open; the webhooks outbox
 * (a later change) records the event here, and its delivery job sends it. Until then nothing is recorded.
 */
export type IntegrationEvent = 'points.earned' | 'points.reversed' | 'points.redeemed' | 'hold.captured' | 'hold.released' | 'reward.confirmed';

export async function recordEvent(_tx: Executor, _type: IntegrationEvent, _data: { customer: string } & Record<string, unknown>): Promise<void> {
  // The webhooks outbox goes here: one row per subscribed client, in this transaction.
}
