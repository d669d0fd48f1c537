import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema/auth';
import { ABANDONED, abandonedRequest, STALE_RUNNING_SECONDS } from './idempotency';

/**
 * What became of a write sent with an Idempotency-Key whose answer never reached the client (timeout, connection
 * lost). The client asks, and the answer is true for good:
 *   done     the write was carried out (or refused): its stored answer, status and body, as the client would have got it;
 *   running  it is being carried out right now: ask again in a moment;
 *   unknown  it never arrived (or died before doing anything): the key is recorded as abandoned, so the request, if it
 *            still reaches the server later, is refused and does nothing.
 * A write that spends claims its key inside its own transaction (claimIdempotentRequest), so "unknown" can never be
 * said of a write that commits afterwards.
 */
export type RequestStatus =
  | { status: 'done'; http_status: number | null; answer: unknown }
  | { status: 'running' }
  | { status: 'unknown' };

/** Set inside a spending transaction (never seen outside it unless it committed): its answer is being written. */
export const COMMITTING = 'committing';

const stale = () => lt(idempotencyKeys.created_at, sql`now() - make_interval(secs => ${STALE_RUNNING_SECONDS})`);

function parsed(body: string | null): unknown {
  if (!body) return null;
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

export async function requestStatus(db: Db, principal: string, key: string): Promise<RequestStatus> {
  const where = and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key));
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row) {
      // Never arrived: from now on it never will.
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ principal, key, request_hash: '', state: ABANDONED })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length > 0) return { status: 'unknown' };
      continue; // it arrived meanwhile: read it again
    }
    if (row.state === 'done') return { status: 'done', http_status: row.status_code, answer: parsed(row.response_body) };
    if (row.state === ABANDONED) return { status: 'unknown' };
    if (row.state === COMMITTING) {
      // Committed; its answer is being stored. Long past that moment, the process died in between: the effect stands.
      const fresh = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(and(where, gte(idempotencyKeys.created_at, sql`now() - make_interval(secs => ${STALE_RUNNING_SECONDS})`)));
      return fresh.length > 0 ? { status: 'running' } : { status: 'done', http_status: null, answer: null };
    }
    // 'running' past the point where a retry may take it over: the request died. A write still alive would find its
    // claim refused (the update below waits for its transaction and then no longer matches).
    const given = await db
      .update(idempotencyKeys)
      .set({ state: ABANDONED })
      .where(and(where, eq(idempotencyKeys.state, 'running'), stale()))
      .returning({ key: idempotencyKeys.key });
    if (given.length > 0) return { status: 'unknown' };
    const [again] = await db.select({ state: idempotencyKeys.state }).from(idempotencyKeys).where(where);
    if (again?.state === 'running') return { status: 'running' };
  }
  return { status: 'running' };
}

/**
 * Called first inside the transaction of a write that spends: marks its Idempotency-Key as committing, holding the
 * row until the transaction ends. Refused (nothing is done) when the key was given up as abandoned meanwhile.
 * Without a key there is nothing to claim.
 */
export async function claimIdempotentRequest(tx: Executor, req: FastifyRequest): Promise<void> {
  const rec = req.idempotency;
  if (!rec) return;
  const rows = await tx
    .update(idempotencyKeys)
    .set({ state: COMMITTING })
    .where(and(eq(idempotencyKeys.principal, rec.principal), eq(idempotencyKeys.key, rec.key), eq(idempotencyKeys.state, 'running')))
    .returning({ key: idempotencyKeys.key });
  if (rows.length === 0) throw abandonedRequest();
}
