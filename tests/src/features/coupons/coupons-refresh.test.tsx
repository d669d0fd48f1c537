import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rewardOrdersQuery } from '@/features/coupons';
import { usePlaceOrder } from '@/entities/orders/place-order';
import { testQueryClient } from '../../render-app';

afterEach(() => vi.unstubAllGlobals());

describe('coupons after a redemption', () => {
  it('the coupon list and the member card count are refreshed, not kept for another minute', async () => {
    const qc = testQueryClient();
    // The member looked at their coupons a moment ago: a fresh answer is cached.
    qc.setQueryData(rewardOrdersQuery().queryKey, []);
    expect(qc.getQueryState(rewardOrdersQuery().queryKey)?.isInvalidated).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: { name: 'ACC-SINV-2026-00009', grand_total: 0 } }), { headers: { 'content-type': 'application/json' } })),
    );

    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => usePlaceOrder('redeem'), { wrapper });
    await act(() => result.current.send({ loyalty_points: 20, items: [{ item_code: 'GIFT-TUMBLER', qty: 1 }], payment_method: 'bank-transfer', branch: 'สาขาสยาม' }));
    await waitFor(() => expect(qc.getQueryState(rewardOrdersQuery().queryKey)?.isInvalidated).toBe(true));
  });

  it('asks the server for reward orders only, so purchases never crowd coupons out', async () => {
    const fetchSpy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ message: [] }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchSpy);
    await testQueryClient().fetchQuery(rewardOrdersQuery());
    const [input, init] = fetchSpy.mock.calls[0]!;
    const url = new URL(String(input), 'http://localhost');
    const args = { ...Object.fromEntries(url.searchParams), ...(init?.body ? JSON.parse(String(init.body)) : {}) };
    expect(url.pathname).toBe('/api/method/honda_api.api_calls.getuser.getorders');
    expect(args).toMatchObject({ order_type: 'redemption' });
  });
});
