/**
 * Writes that spend points or place an order (gift redemption, checkout). Unlike the address and profile writes
 * (src/lib/outbox.ts) they are never queued: a redemption that completes by itself minutes later, with the member
 * gone, is exactly what must not happen. So:
 *   - they are sent only online, with a client timeout, and given up at once when the connection drops;
 *   - when no answer came back (timeout, connection lost, a proxy's 5xx), the server is asked what became of the
 *     attempt's Idempotency-Key (member_rewards.api.request_status): done (its answer), still running (asked again),
 *     or unknown, which the server makes final: that request will never run, so "nothing was spent" is true;
 *   - an attempt whose outcome could not be learnt yet (still offline) is kept on the device with its key, to be
 *     asked about again (a "check again" button, the next visit of the screen); sending the same thing again reuses
 *     the key, so it can never be carried out twice.
 */
import * as v from 'valibot';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerOf, ArgsOf, MethodContract } from '../../contracts/contract';
import { REQUEST_STATUS } from '../../contracts/orders';
import { callMethod } from './api';
import { DEFAULT_MESSAGES, FrappeClientError, isFrappeClientError } from './frappe';
import { newIdempotencyKey } from './idempotency-key';
import { isOnline, subscribeOnline, useOnline } from './online';

export const SPEND_TIMEOUT_MS = 20_000;
const STATUS_TIMEOUT_MS = 8_000;
/** How long a request the server is still carrying out is waited for before saying "not known yet". */
const RUNNING_POLLS = 6;
const POLL_MS = 1500;
const STORE_KEY = 'pending-spends';

export type SpendKind = 'redeem' | 'order';

/** An attempt sent and not yet known to have succeeded or not. */
export interface PendingSpend {
  key: string;
  /** The request body: sending the same again reuses the key. */
  body: string;
  at: number;
}

export type SpendOutcome<T> =
  /** Carried out; `result` is null only when the server no longer has its answer (the effect stands). */
  | { state: 'done'; result: T | null }
  /** The server refused it: nothing was spent. */
  | { state: 'refused'; error: unknown }
  /** No answer, and the server confirms it never ran (and never will). */
  | { state: 'nothing' }
  /** No answer yet: kept on the device, to be asked about again. */
  | { state: 'unknown' };

export type SpendPhase<T> = { state: 'idle' } | { state: 'sending' } | { state: 'checking' } | SpendOutcome<T>;

// ---------------------------------------------------------------------------------------------------------------
// The device's record of unresolved attempts (localStorage: it must survive closing the app).

function readAll(): Partial<Record<SpendKind, PendingSpend>> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Partial<Record<SpendKind, PendingSpend>>) : {};
  } catch {
    return {};
  }
}

function writeAll(all: Partial<Record<SpendKind, PendingSpend>>) {
  try {
    if (Object.keys(all).length === 0) localStorage.removeItem(STORE_KEY);
    else localStorage.setItem(STORE_KEY, JSON.stringify(all));
  } catch {
    // storage full or unavailable: the attempt is still asked about while the screen is open
  }
}

export function pendingSpend(kind: SpendKind): PendingSpend | undefined {
  const found = readAll()[kind];
  return found && typeof found.key === 'string' && typeof found.body === 'string' ? found : undefined;
}

function remember(kind: SpendKind, pending: PendingSpend) {
  writeAll({ ...readAll(), [kind]: pending });
}

function forget(kind: SpendKind) {
  const all = readAll();
  delete all[kind];
  writeAll(all);
}

// ---------------------------------------------------------------------------------------------------------------

type Schema<T> = v.GenericSchema<unknown, T>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Asks the server what became of the attempt with this key (waiting a little while it is still running). */
async function askStatus<T>(key: string, schema: Schema<T>): Promise<SpendOutcome<T>> {
  for (let poll = 0; poll < RUNNING_POLLS; poll += 1) {
    if (poll > 0) await sleep(POLL_MS);
    let answer: AnswerOf<typeof REQUEST_STATUS>;
    try {
      answer = await callMethod(REQUEST_STATUS, { key }, { verb: 'POST', signal: AbortSignal.timeout(STATUS_TIMEOUT_MS) });
    } catch {
      return { state: 'unknown' }; // still no connection (or no session): ask again later
    }
    if (answer.status === 'unknown') return { state: 'nothing' };
    if (answer.status === 'running') continue;
    const status = answer.http_status;
    if (status === null) return { state: 'done', result: null };
    const body = isRecord(answer.answer) ? answer.answer : {};
    if (status >= 200 && status < 300) {
      const parsed = v.safeParse(schema, body.message);
      return { state: 'done', result: parsed.success ? parsed.output : null };
    }
    return { state: 'refused', error: new FrappeClientError({ httpStatus: status, httpStatusText: '', body, defaultMessage: DEFAULT_MESSAGES.call }) };
  }
  return { state: 'unknown' };
}

/** An answer that settles the attempt: 2xx, or a refusal. No answer, 5xx (a proxy's timeout) or "still running" do not. */
const isFinalAnswer = (error: unknown) =>
  isFrappeClientError(error) &&
  error.httpStatus !== 0 &&
  error.httpStatus !== 408 &&
  error.httpStatus < 500 &&
  !(error.httpStatus === 409 && error.excType === 'IdempotencyConflict');

/** The outcome of the device's unresolved attempt of this kind, asked of the server (and forgotten once known). */
export async function checkSpend<C extends MethodContract>(kind: SpendKind, contract: C): Promise<SpendOutcome<AnswerOf<C>>> {
  const pending = pendingSpend(kind);
  if (!pending) return { state: 'nothing' };
  const outcome = await askStatus(pending.key, contract.returns as Schema<AnswerOf<C>>);
  if (outcome.state !== 'unknown') forget(kind);
  return outcome;
}

/** Sends a spending write once (see the top of this file). Never call it offline: the screens disable the button. */
export async function spend<C extends MethodContract>(kind: SpendKind, contract: C, args: ArgsOf<C>): Promise<SpendOutcome<AnswerOf<C>>> {
  const body = JSON.stringify(args);
  const prior = pendingSpend(kind);
  if (prior && prior.body !== body) {
    // An earlier, different attempt whose fate is unknown comes first: it may have gone through.
    const earlier = await checkSpend(kind, contract);
    if (earlier.state === 'done' || earlier.state === 'unknown') return earlier;
  }
  const key = prior && prior.body === body ? prior.key : newIdempotencyKey();
  remember(kind, { key, body, at: Date.now() });

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SPEND_TIMEOUT_MS);
  const offOffline = subscribeOnline((up) => {
    if (!up) controller.abort();
  });
  try {
    if (!isOnline()) controller.abort();
    const result = await callMethod(contract, args, { verb: 'POST', idempotencyKey: key, signal: controller.signal });
    forget(kind);
    return { state: 'done', result };
  } catch (error) {
    if (isFrappeClientError(error) && error.httpStatus >= 200 && error.httpStatus < 300) {
      forget(kind); // carried out; only its answer did not read as expected
      return { state: 'done', result: null };
    }
    if (isFinalAnswer(error)) {
      forget(kind);
      return { state: 'refused', error };
    }
  } finally {
    clearTimeout(timer);
    offOffline();
  }
  return checkSpend(kind, contract);
}

// ---------------------------------------------------------------------------------------------------------------

/** React: calls `onDone` once each time the write is carried out (the latest `onDone`, whatever rendered it). */
export function useWhenSpent<T>(phase: SpendPhase<T>, onDone: (result: T | null) => void) {
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (phase.state === 'done') done.current(phase.result);
  }, [phase]);
}

export interface UseSpendOptions<C extends MethodContract> {
  /** After every settled attempt (refresh what it may have changed). */
  onSettled?: (outcome: SpendOutcome<AnswerOf<C>>) => void;
}

/**
 * React: a spending write and where it stands. `send` is a no-op while one is under way. An attempt left unresolved
 * by an earlier visit is asked about as soon as the screen is open online.
 */
export function useSpend<C extends MethodContract>(kind: SpendKind, contract: C, { onSettled }: UseSpendOptions<C> = {}) {
  type T = AnswerOf<C>;
  const [phase, setPhase] = useState<SpendPhase<T>>({ state: 'idle' });
  const online = useOnline();
  const busy = useRef(false);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });

  const run = useCallback(async (first: 'sending' | 'checking', work: () => Promise<SpendOutcome<T>>) => {
    if (busy.current) return;
    busy.current = true;
    setPhase({ state: first });
    try {
      const outcome = await work();
      setPhase(outcome);
      settled.current?.(outcome);
    } finally {
      busy.current = false;
    }
  }, []);

  useEffect(() => {
    if (online && pendingSpend(kind)) void run('checking', () => checkSpend(kind, contract));
  }, [online, kind, contract, run]);

  return {
    phase,
    online,
    /** True while a request or a status question is under way. */
    busy: phase.state === 'sending' || phase.state === 'checking',
    send: (args: ArgsOf<C>) => run('sending', () => spend(kind, contract, args)),
    check: () => run('checking', () => checkSpend(kind, contract)),
    reset: () => setPhase({ state: 'idle' }),
  };
}
