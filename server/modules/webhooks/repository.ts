import { and, arrayContains, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiClients } from '../../db/schema/integration';
import { webhookDeliveries as D, webhookSubscriptions as S } from '../../db/schema/webhooks';

export type SubscriptionRow = typeof S.$inferSelect;
export type DeliveryRow = typeof D.$inferSelect;
export type SubscriptionWithClient = SubscriptionRow & { client_name: string };

const withClient = { sub: S, client_name: apiClients.client_name };
const flat = (r: { sub: SubscriptionRow; client_name: string }): SubscriptionWithClient => ({ ...r.sub, client_name: r.client_name });

/** The enabled subscriptions of a client that is not revoked and wants this event: who an event goes to. */
export async function subscribersOf(db: Executor, type: string): Promise<{ name: string }[]> {
  return db
    .select({ name: S.name })
    .from(S)
    .innerJoin(apiClients, eq(apiClients.api_key, S.api_key))
    .where(and(eq(S.enabled, true), isNull(apiClients.revoked_at), arrayContains(S.events, [type])))
    .orderBy(asc(S.name));
}

export async function insertDeliveries(db: Executor, rows: (typeof D.$inferInsert)[]) {
  if (rows.length) await db.insert(D).values(rows).onConflictDoNothing();
}

/** A delivery of one event to each subscriber of its type: what `insertDeliveriesToSubscribers` writes. */
export interface EventRecord {
  event_id: string;
  type: string;
  customer: string;
  payload: unknown;
}

/**
 * One delivery row per enabled subscription (of a client not revoked) to each event's type, for several events in
 * one statement: the subscribers are found by the insert itself, so an event nobody subscribes to costs no more.
 */
export async function insertDeliveriesToSubscribers(db: Executor, events: readonly EventRecord[], at: Date) {
  if (!events.length) return;
  await db.execute(sql`
    insert into ${D} (${sql.identifier(D.subscription.name)}, ${sql.identifier(D.event_id.name)}, ${sql.identifier(D.type.name)},
      ${sql.identifier(D.customer.name)}, ${sql.identifier(D.payload.name)}, ${sql.identifier(D.next_attempt_at.name)})
    select ${S.name}, e.event_id, e.type, e.customer, e.payload, ${at.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(events.map((e, n) => ({ ...e, n })))}::jsonb) as e(event_id text, type text, customer text, payload jsonb, n int)
    join ${S} on ${S.enabled} and ${S.events} @> array[e.type]
    join ${apiClients} on ${apiClients.api_key} = ${S.api_key} and ${apiClients.revoked_at} is null
    order by e.n, ${S.name}
    on conflict do nothing`);
}

export async function insertSubscription(db: Executor, row: typeof S.$inferInsert): Promise<SubscriptionRow> {
  const [created] = await db.insert(S).values(row).returning();
  return created!;
}

export async function subscriptionsOfClientCount(db: Executor, apiKey: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(S).where(eq(S.api_key, apiKey));
  return Number(row?.n ?? 0);
}

export async function subscriptionOf(db: Executor, name: string, lock = false): Promise<SubscriptionWithClient | null> {
  const q = db.select(withClient).from(S).innerJoin(apiClients, eq(apiClients.api_key, S.api_key)).where(eq(S.name, name));
  const [row] = lock ? await q.for('update', { of: S }) : await q;
  return row ? flat(row) : null;
}

export async function listSubscriptions(db: Executor, apiKey?: string): Promise<SubscriptionWithClient[]> {
  const rows = await db
    .select(withClient)
    .from(S)
    .innerJoin(apiClients, eq(apiClients.api_key, S.api_key))
    .where(apiKey ? eq(S.api_key, apiKey) : undefined)
    .orderBy(desc(S.created_at), asc(S.name));
  return rows.map(flat);
}

export async function updateSubscription(db: Executor, name: string, set: Partial<typeof S.$inferInsert>): Promise<void> {
  await db.update(S).set(set).where(eq(S.name, name));
}

/** A subscription and its deliveries go together (nothing more is sent to it). */
export async function deleteSubscription(db: Executor, name: string): Promise<void> {
  await db.delete(D).where(eq(D.subscription, name));
  await db.delete(S).where(eq(S.name, name));
}

/** Deliveries newest first, of some subscriptions (a client's, or one). */
export async function deliveriesPage(db: Executor, subscriptions: string[], start: number, limit: number): Promise<{ rows: DeliveryRow[]; total: number }> {
  if (!subscriptions.length) return { rows: [], total: 0 };
  const where = inArray(D.subscription, subscriptions);
  const rows = await db.select().from(D).where(where).orderBy(desc(D.id)).offset(start).limit(limit);
  const [n] = await db.select({ n: count() }).from(D).where(where);
  return { rows, total: Number(n?.n ?? 0) };
}

export async function deliveryById(db: Executor, id: number, lock = false): Promise<DeliveryRow | null> {
  const q = db.select().from(D).where(eq(D.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateDelivery(db: Executor, id: number, set: Partial<typeof D.$inferInsert>): Promise<DeliveryRow> {
  const [row] = await db.update(D).set(set).where(eq(D.id, id)).returning();
  return row!;
}

/**
 * Claims up to `limit` due deliveries for one claim token, under a lease: pending, due, not held by a live claim,
 * to an enabled subscription of a client not revoked, and the oldest pending one of their subscription and member (a member's later event
 * waits while an earlier one to the same endpoint is pending, retries included). `FOR UPDATE SKIP LOCKED` lets
 * several instances claim at once without taking the same row; the lease keeps a claimed row from a second claim
 * until it runs out (its instance died).
 */
export async function claimDueDeliveries(db: Executor, opts: { now: Date; leaseUntil: Date; token: string; limit: number }): Promise<DeliveryRow[]> {
  const due = db
    .select({ id: D.id })
    .from(D)
    .innerJoin(S, eq(S.name, D.subscription))
    .innerJoin(apiClients, eq(apiClients.api_key, S.api_key))
    .where(
      and(
        eq(D.status, 'pending'),
        isNull(apiClients.revoked_at),
        lte(D.next_attempt_at, opts.now),
        or(isNull(D.locked_until), lt(D.locked_until, opts.now)),
        eq(S.enabled, true),
        sql`not exists (select 1 from ${D} as earlier where earlier.subscription = ${D.subscription} and earlier.customer = ${D.customer}
          and earlier.status = 'pending' and earlier.id < ${D.id})`,
      ),
    )
    .orderBy(asc(D.next_attempt_at), asc(D.id))
    .limit(opts.limit)
    .for('update', { of: D, skipLocked: true });
  return db
    .update(D)
    .set({ locked_by: opts.token, locked_until: opts.leaseUntil })
    .where(and(inArray(D.id, due), eq(D.status, 'pending')))
    .returning();
}

/** Records an attempt's outcome; only the claim still holding the row may (a claim whose lease was taken over changes nothing). */
export async function settleAttempt(db: Executor, id: number, token: string, set: Partial<typeof D.$inferInsert>): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(D)
    .set({ ...set, locked_by: null, locked_until: null })
    .where(and(eq(D.id, id), eq(D.locked_by, token)))
    .returning();
  return row ?? null;
}

export async function subscriptionsByName(db: Executor, names: string[]): Promise<SubscriptionRow[]> {
  if (!names.length) return [];
  return db.select().from(S).where(inArray(S.name, names));
}

/** Takes one delivery for a redelivery, unless a live claim is sending it right now. */
export async function claimDelivery(db: Executor, id: number, opts: { now: Date; leaseUntil: Date; token: string }): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(D)
    .set({ locked_by: opts.token, locked_until: opts.leaseUntil })
    .where(and(eq(D.id, id), or(isNull(D.locked_until), lt(D.locked_until, opts.now))))
    .returning();
  return row ?? null;
}
