import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetOnlineForTests, startOnlineDetection } from '@/lib/online';
import { pendingSpend, SPEND_TIMEOUT_MS, checkSpend, spend } from '@/lib/spend';
import { methodContract } from '../../../contracts/contract';
import { REQUEST_STATUS as STATUS_CONTRACT } from '../../../contracts/orders';

const Result = v.looseObject({ name: v.string(), grand_total: v.number() });
const PLACE_CONTRACT = methodContract('headless_e_commerce.api.place_order', v.looseObject({}), Result);
const PLACE = PLACE_CONTRACT.path;
const REQUEST_STATUS = STATUS_CONTRACT.path;
const ORDER = { name: 'ACC-SINV-2026-00042', grand_total: 0 };
const args = { loyalty_points: 20, items: [{ item_code: 'GIFT-TOTE', qty: 1 }], payment_method: 'bank-transfer', branch: 'Siam' };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (code: string) => ({ exc_type: 'ValidationError', exception: 'frappe.exceptions.ValidationError: x', _server_messages: '[]', error_code: code });

type Handler = (init: RequestInit) => Promise<Response> | Response;
/** fetch as the server would answer: one handler per method, each call recorded with its Idempotency-Key. */
function server(handlers: { place?: Handler; status?: Handler }) {
  const calls: { method: string; key: string | null; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = new URL(String(input), 'http://localhost').pathname.replace('/api/method/', '');
    const headers = new Headers(init.headers);
    calls.push({ method, key: headers.get('Idempotency-Key'), body: init.body ? JSON.parse(String(init.body)) : null });
    const handler = method === PLACE ? handlers.place : method === REQUEST_STATUS ? handlers.status : undefined;
    if (!handler) throw new TypeError('Failed to fetch');
    return handler(init);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}
const lost = () => Promise.reject(new TypeError('Failed to fetch'));
/** A request that never answers until its signal aborts it (as fetch does). */
const hanging: Handler = (init) =>
  new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

beforeEach(() => {
  localStorage.clear();
  resetOnlineForTests(true);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetOnlineForTests(true);
});

describe('a write that spends', () => {
  it('is sent once with an Idempotency-Key and leaves nothing behind when it succeeds', async () => {
    const calls = server({ place: () => json(200, { message: ORDER }) });
    expect(await spend('redeem', PLACE_CONTRACT, args)).toEqual({ state: 'done', result: ORDER });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.key).toMatch(/[0-9a-f-]{36}/);
    expect(pendingSpend('redeem')).toBeUndefined();
  });

  it('reports a refusal as refused, without asking anything more: nothing was spent', async () => {
    const calls = server({ place: () => json(417, refusal('not_enough_points')) });
    const outcome = await spend('redeem', PLACE_CONTRACT, args);
    expect(outcome.state).toBe('refused');
    expect(calls.map((c) => c.method)).toEqual([PLACE]);
    expect(pendingSpend('redeem')).toBeUndefined();
  });

  it('asks the server when the answer is lost, and says done with the answer the server kept', async () => {
    const calls = server({ place: lost, status: () => json(200, { message: { status: 'done', http_status: 200, answer: { message: ORDER } } }) });
    expect(await spend('redeem', PLACE_CONTRACT, args)).toEqual({ state: 'done', result: ORDER });
    expect(calls.map((c) => c.method)).toEqual([PLACE, REQUEST_STATUS]);
    expect(calls[1]!.body).toEqual({ key: calls[0]!.key });
    expect(pendingSpend('redeem')).toBeUndefined();
  });

  it('says nothing was spent when the server never got it, and a refusal the server kept is a refusal', async () => {
    server({ place: lost, status: () => json(200, { message: { status: 'unknown' } }) });
    expect(await spend('redeem', PLACE_CONTRACT, args)).toEqual({ state: 'nothing' });
    expect(pendingSpend('redeem')).toBeUndefined();

    server({ place: lost, status: () => json(200, { message: { status: 'done', http_status: 417, answer: refusal('branch_not_found') } }) });
    const outcome = await spend('redeem', PLACE_CONTRACT, args);
    expect(outcome.state).toBe('refused');
    expect(outcome.state === 'refused' && (outcome.error as { code?: string }).code).toBe('branch_not_found');
  });

  it('keeps the attempt when the server cannot be asked either, resends it with the same key, and learns its fate later', async () => {
    let calls = server({ place: lost });
    expect(await spend('redeem', PLACE_CONTRACT, args)).toEqual({ state: 'unknown' });
    const key = calls[0]!.key;
    expect(pendingSpend('redeem')?.key).toBe(key);

    // The same redemption again: the same key, so the server can never carry it out twice.
    calls = server({ place: lost });
    await spend('redeem', PLACE_CONTRACT, args);
    expect(calls[0]!.key).toBe(key);

    calls = server({ status: () => json(200, { message: { status: 'done', http_status: 200, answer: { message: ORDER } } }) });
    expect(await checkSpend('redeem', PLACE_CONTRACT)).toEqual({ state: 'done', result: ORDER });
    expect(calls[0]!.body).toEqual({ key });
    expect(pendingSpend('redeem')).toBeUndefined();
  });

  it('asks about an earlier unknown attempt before sending a different one, and stops there if it went through', async () => {
    server({ place: lost });
    await spend('redeem', PLACE_CONTRACT, args);
    const calls = server({ place: () => json(200, { message: { name: 'SECOND', grand_total: 0 } }), status: () => json(200, { message: { status: 'done', http_status: 200, answer: { message: ORDER } } }) });
    expect(await spend('redeem', PLACE_CONTRACT, { ...args, branch: 'Other' })).toEqual({ state: 'done', result: ORDER });
    expect(calls.map((c) => c.method)).toEqual([REQUEST_STATUS]);
  });

  it('waits while the server is still carrying it out, then takes its answer', async () => {
    vi.useFakeTimers();
    let asked = 0;
    server({
      place: lost,
      status: () => json(200, { message: asked++ < 2 ? { status: 'running' } : { status: 'done', http_status: 200, answer: { message: ORDER } } }),
    });
    const outcome = spend('redeem', PLACE_CONTRACT, args);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await outcome).toEqual({ state: 'done', result: ORDER });
    expect(asked).toBe(3);
  });

  it('gives up waiting for an answer after the client timeout, then asks', async () => {
    vi.useFakeTimers();
    const calls = server({ place: hanging, status: () => json(200, { message: { status: 'unknown' } }) });
    const outcome = spend('order', PLACE_CONTRACT, args);
    await vi.advanceTimersByTimeAsync(SPEND_TIMEOUT_MS - 1000);
    expect(calls.map((c) => c.method)).toEqual([PLACE]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await outcome).toEqual({ state: 'nothing' });
    expect(calls.map((c) => c.method)).toEqual([PLACE, REQUEST_STATUS]);
  });

  it('gives up at once when the connection drops, instead of holding the member for the whole timeout', async () => {
    startOnlineDetection({ probeAtStart: false, fetch: vi.fn() });
    const calls = server({ place: hanging });
    const outcome = spend('redeem', PLACE_CONTRACT, args);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    window.dispatchEvent(new Event('offline'));
    expect(await outcome).toEqual({ state: 'unknown' });
    expect(pendingSpend('redeem')?.key).toBe(calls[0]!.key);
  });
});
