import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/auth';
import { sha256 } from './crypto';
import { FrappeError, validationError } from './errors';

const UNSAFE = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
/** A record still 'running' after this long belongs to a request that died: a retry may take it over. */
export const STALE_RUNNING_SECONDS = 60;
/** A key its client gave up on after the answer was lost (request-status.ts): the request never runs. */
export const ABANDONED = 'abandoned';
export const abandonedRequest = () =>
  validationError('This request was given up after its answer was lost. Nothing was done; please try again.', 'request_abandoned');
/** How long a key is remembered: past it, the same key is a new request. */
export const KEEP_HOURS = 24;
const PURGE_EVERY_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { principal: string; key: string };
  }
}

/** Whose keys these are: a member never sees or replays another's. */
/** Who holds an Idempotency-Key: the signed-in user (guests' writes keep no idempotency record). */
export const principalOf = (req: FastifyRequest) => req.user.name;

function requestHash(req: FastifyRequest): string {
  return sha256(`${req.method} ${req.url.split('?')[0]} ${JSON.stringify(req.query ?? {})} ${JSON.stringify(req.body ?? null)}`);
}

/**
 * Idempotency-Key on writes (Stripe's rules): the same key and body replay the first answer with no
 * second effect; the same key with another body is a 422; a key whose first request is still running is a 409.
 * Keys are scoped to the signed-in caller, so one member cannot replay another's answer.
 */
export function registerIdempotency(app: FastifyInstance, db: Db) {
  app.addHook('preHandler', async (req, reply) => {
    const key = req.headers['idempotency-key'];
    // A guest has no identity to hold a key: two visitors behind one address must never share answers, so
    // guest writes (sign-in, sign-up, password reset) simply run, each under its own limits.
    if (!UNSAFE.has(req.method) || typeof key !== 'string' || !key || req.user.isGuest) return;
    if (key.length > 255) throw new FrappeError('InvalidRequestError', 'Idempotency-Key is too long');
    const principal = principalOf(req);
    const hash = requestHash(req);
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ principal, key, request_hash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 0 && !(await takeOverExpired(db, principal, key, hash))) {
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key)));
      if (!existing) throw new FrappeError('IdempotencyConflict', 'This request is already being processed.');
      if (existing.state === ABANDONED) throw abandonedRequest();
      if (existing.request_hash !== hash) {
        throw new FrappeError('IdempotencyMismatch', 'This Idempotency-Key was already used with a different request.');
      }
      if (existing.state === 'done') {
        reply.header('idempotent-replayed', 'true');
        reply.status(existing.status_code ?? 200).type(existing.content_type ?? 'application/json; charset=utf-8');
        return reply.send(existing.response_body ?? '');
      }
      const takenOver = await db
        .update(idempotencyKeys)
        .set({ created_at: sql`now()` })
        .where(
          and(
            eq(idempotencyKeys.principal, principal),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.state, 'running'),
            lt(idempotencyKeys.created_at, sql`now() - make_interval(secs => ${STALE_RUNNING_SECONDS})`),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (takenOver.length === 0) throw new FrappeError('IdempotencyConflict', 'This request is already being processed.');
    }
    req.idempotency = { principal, key };
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const rec = req.idempotency;
    if (!rec) return payload;
    const where = and(eq(idempotencyKeys.principal, rec.principal), eq(idempotencyKeys.key, rec.key));
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : null;
    if (reply.statusCode >= 500 || body === null) {
      // A server failure had no effect we vouch for: let the client retry with the same key. Nor is a streamed
      // answer (an export) kept: it is read as it is sent, so there is no whole answer to replay, and the same
      // key runs the request again (a fresh file, audited again).
      await db.delete(idempotencyKeys).where(where);
    } else {
      await db
        .update(idempotencyKeys)
        .set({
          state: 'done',
          status_code: reply.statusCode,
          response_body: body,
          content_type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        })
        .where(where);
    }
    return payload;
  });
}

const expired = () => lt(idempotencyKeys.created_at, sql`now() - make_interval(hours => ${KEEP_HOURS})`);

/**
 * A record older than 24 h may still be in the table (the purge runs hourly) but no longer counts: the request
 * starts afresh under the same key. One conditional update, so two such retries cannot both take it.
 */
async function takeOverExpired(db: Db, principal: string, key: string, hash: string): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ request_hash: hash, state: 'running', status_code: null, response_body: null, content_type: null, created_at: sql`now()` })
    .where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key), expired()))
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function purgeIdempotencyKeys(db: Db): Promise<number> {
  const rows = await db.delete(idempotencyKeys).where(expired()).returning({ key: idempotencyKeys.key });
  return rows.length;
}

/**
 * Purges expired records hourly while the app runs. Every instance does so; the delete is idempotent. The
 * timer is unref'd so it never keeps a process alive, and close waits for a purge in flight so the
 * database is not closed under it.
 */
export function schedulePurge(app: FastifyInstance, db: Db, everyMs = PURGE_EVERY_MS) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const purge = () => {
    running = purgeIdempotencyKeys(db).catch((err: unknown) => app.log.warn({ err }, 'idempotency purge failed'));
  };
  app.addHook('onReady', async () => {
    purge();
    timer = setInterval(purge, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
