import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { FrappeClientError } from '@/lib/frappe';
import { PING_PATH, isOnline, probe, resetOnlineForTests, startOnlineDetection, watchQueryNetwork } from '@/lib/online';

function setNavigatorOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}

afterEach(() => {
  resetOnlineForTests(true);
  setNavigatorOnline(true);
  onlineManager.setOnline(true);
});

describe('online detection', () => {
  it('starts offline (and tells TanStack Query) when the device has no network at a cold start', () => {
    setNavigatorOnline(false);
    const fetch = vi.fn();
    startOnlineDetection({ fetch });
    expect(isOnline()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('believes offline when navigator.onLine says online but the ping probe gets no answer', async () => {
    setNavigatorOnline(true);
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    startOnlineDetection({ fetch });
    await probe();
    expect(fetch).toHaveBeenCalledWith(PING_PATH, expect.objectContaining({ cache: 'no-store' }));
    expect(isOnline()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('comes back online on any answer from the server, even an error status', async () => {
    setNavigatorOnline(true);
    const fetch = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(new Response('', { status: 502 }));
    startOnlineDetection({ fetch, probeAtStart: false });
    await probe();
    expect(isOnline()).toBe(false);
    await probe();
    expect(isOnline()).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it("reads the ping's answer to its end, so the request does not stay open in the browser", async () => {
    setNavigatorOnline(true);
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode('{"message":"pong"}')),
      cancel: () => void (cancelled = true),
    });
    const answer = new Response(body, { headers: { 'content-type': 'application/json' } });
    startOnlineDetection({ fetch: vi.fn().mockResolvedValue(answer), probeAtStart: false });
    expect(await probe()).toBe(true);
    // The body was read or cancelled: either way the browser may let the connection go.
    expect(answer.bodyUsed || cancelled).toBe(true);
  });

  it('probes when a query fails with no answer, and trusts a fetched answer', async () => {
    setNavigatorOnline(true);
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    startOnlineDetection({ fetch, probeAtStart: false });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    watchQueryNetwork(client);
    const noAnswer = new FrappeClientError({ httpStatus: 0, httpStatusText: '', body: {}, defaultMessage: 'x' });
    await client.fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(noAnswer) }).catch(() => {});
    await vi.waitFor(() => expect(isOnline()).toBe(false));
    expect(fetch).toHaveBeenCalledTimes(1);

    onlineManager.setOnline(true); // let the next query run
    await client.fetchQuery({ queryKey: ['b'], queryFn: async () => 1, networkMode: 'always' });
    expect(isOnline()).toBe(true);
  });
});
