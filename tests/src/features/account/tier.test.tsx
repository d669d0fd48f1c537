import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pointsDetailsQuery } from '@/entities/loyalty';
import { profileQuery, tierQuery, type Profile, type Tier } from '@/entities/member';
import { useCancelRewardOrder } from '@/entities/orders/cancel';
import { usePlaceOrder } from '@/entities/orders/place-order';
import { renderAppAt, testQueryClient } from '../../render-app';

const profile = {
  name: 'CUST-00002',
  user: 'line-1@line.me',
  full_name: 'สมใจ ใจดี',
  first_name: 'สมใจ',
  phone_verified: true,
  loyalty_program: 'Member Rewards',
  loyalty_points: 40,
  loyalty_program_tier: 'Silver',
} as Profile;
const gold: Tier = { tier_name: 'Gold', tier_thumbnail: null, next_tier_name: 'Platinum', points_to_next_tier: 60, points_earned: 40 };

afterEach(() => vi.unstubAllGlobals());

describe('the tier on the home and on the account', () => {
  it('is the same on both, whenever each of the answers on the device was read', async () => {
    // Nothing answers: the screens show what the device holds.
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    const queryClient = testQueryClient();
    queryClient.setQueryData(profileQuery().queryKey, profile);
    queryClient.setQueryData(tierQuery(profile.name).queryKey, gold);
    // The points were read a moment before the member reached Gold (their answer names a tier as well).
    queryClient.setQueryData(pointsDetailsQuery().queryKey, {
      customer: profile.name, loyalty_program: 'Member Rewards', loyalty_points: 20, total_spent: 0, held_points: 0, points_earned: 20,
      loyalty_program_tier: 'Silver', next_tier_name: 'Gold', points_to_next_tier: 15, next_expiry_date: null, next_expiry_points: 0, record: [], next_before: null,
    });
    const { router } = renderAppAt('/', { queryClient });
    expect((await screen.findByTestId('tier-name')).textContent).toBe('Gold Member');
    expect(screen.getByTestId('tier-progress').textContent).toBe('60 points to Platinum');
    await act(() => router.navigate({ to: '/my-account' }));
    expect((await screen.findByTestId('account-tier')).textContent).toBe('Gold Member');
  });
});

describe('a screen that shows the tier', () => {
  it.each(['/', '/my-account', '/my-id', '/profile'])('%s reads it again when it opens, over the copy the device holds', async (path) => {
    // The device read Silver a moment ago; since then staff gave points at the till (nothing told the app).
    const fetch = vi.fn((input: RequestInfo | URL) =>
      String(input).includes('get_tier')
        ? Promise.resolve(new Response(JSON.stringify({ message: gold }), { headers: { 'content-type': 'application/json' } }))
        : new Promise<Response>(() => {}),
    );
    vi.stubGlobal('fetch', fetch);
    const queryClient = testQueryClient();
    queryClient.setQueryData(profileQuery().queryKey, profile);
    queryClient.setQueryData(tierQuery(profile.name).queryKey, { ...gold, tier_name: 'Silver', next_tier_name: 'Gold', points_to_next_tier: 15, points_earned: 20 });
    renderAppAt(path, { queryClient });
    await waitFor(() => expect(screen.getByText(/Gold Member|Member tier: Gold/)).toBeTruthy());
    expect(fetch.mock.calls.some(([input]) => String(input).includes('get_tier'))).toBe(true);
  });
});

describe('what changes the points changes the tier', () => {
  const wrapper = (queryClient: ReturnType<typeof testQueryClient>) =>
    function Wrapper({ children }: { children: ReactNode }) {
      return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    };
  const answering = (message: unknown) =>
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message }), { headers: { 'content-type': 'application/json' } })));

  it('a redemption: the tier the device holds is read again, not kept for minutes', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(tierQuery(profile.name).queryKey, gold);
    answering({ name: 'ACC-SINV-2026-00009', grand_total: 0 });
    const { result } = renderHook(() => usePlaceOrder('redeem'), { wrapper: wrapper(queryClient) });
    await act(() => result.current.send({ loyalty_points: 20, items: [{ item_code: 'GIFT-TUMBLER', qty: 1 }], payment_method: 'bank-transfer', branch: 'สาขาสยาม' }));
    await waitFor(() => expect(queryClient.getQueryState(tierQuery(profile.name).queryKey)?.isInvalidated).toBe(true));
  });

  it('a cancelled reward: the same', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(tierQuery(profile.name).queryKey, gold);
    answering({ order: 'ACC-SINV-2026-00009', status: 'Cancelled', cancel_reason: null, points_returned: 20, stock_returned: [], delivery_notes: [], loyalty_points: 40 });
    const { result } = renderHook(() => useCancelRewardOrder(), { wrapper: wrapper(queryClient) });
    await act(() => result.current.mutateAsync('ACC-SINV-2026-00009'));
    await waitFor(() => expect(queryClient.getQueryState(tierQuery(profile.name).queryKey)?.isInvalidated).toBe(true));
  });
});
