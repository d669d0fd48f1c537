import { act, screen } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tierQuery } from '@/entities/member';
import { invoiceQuery, ordersQuery, RewardOrderDetail, useLiveOrders } from '@/features/orders';
import { OrderSchema } from '../../../../contracts/orders';
import * as realtime from '@/lib/realtime';
import { renderApp, stubFetchNeverAnswering, testQueryClient } from '../../render-app';

stubFetchNeverAnswering();
afterEach(() => vi.restoreAllMocks());

const reward = (status: 'Draft' | 'Submitted') => v.parse(OrderSchema, {
  name: 'ACC-SINV-2026-00009',
  order_type: 'redemption',
  posting_date: '2026-11-20',
  items: [{ item_code: 'GIFT-TOTE', item_name: 'Tote bag', qty: 1 }],
  delivery_notes: [{ name: 'MAT-DN-2026-00009', status }],
});

function renderDetail(status: 'Draft' | 'Submitted') {
  const queryClient = testQueryClient();
  queryClient.setQueryData(invoiceQuery('ACC-SINV-2026-00009').queryKey, reward(status));
  renderApp(<RewardOrderDetail name="ACC-SINV-2026-00009" />, { queryClient });
}

describe('the reward order detail (/my-order/{id})', () => {
  it('invites the member to show a usable code to staff', async () => {
    renderDetail('Draft');
    const code = await screen.findByTestId('order-code');
    expect(code.getAttribute('data-used')).toBeNull();
    expect(screen.getAllByTestId('order-instruction')[0]!.textContent).toBe('Give this code to the staff at the store to receive your reward.');
    expect(screen.queryByTestId('order-used')).toBeNull();
  });

  it('dims a used reward’s code and says it was used, without the instruction to show it', async () => {
    renderDetail('Submitted');
    const code = await screen.findByTestId('order-code');
    expect(code.getAttribute('data-used')).toBe('true');
    expect(code.className).toMatch(/usedCode/);
    expect(screen.queryByTestId('order-instruction')).toBeNull();
    expect(screen.getAllByTestId('order-used')[0]!.textContent).toBe('This coupon has already been used');
  });
});

describe('the order screens follow the branch', () => {
  it('refetch the orders as soon as the server announces a change to one of the member’s orders', async () => {
    let announce: (u: realtime.ListUpdate) => void = () => {};
    const subscribe = vi.spyOn(realtime, 'subscribeDoctype').mockImplementation((_doctype, _user, listener) => {
      announce = listener;
      return () => {};
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(invoiceQuery('ACC-SINV-2026-00009').queryKey, reward('Draft'));
    queryClient.setQueryData(ordersQuery().queryKey, { pages: [[reward('Draft')]], pageParams: [0] });
    function Live() {
      useLiveOrders('somjai@example.com');
      return null;
    }
    renderApp(<Live />, { queryClient });
    await vi.waitFor(() => expect(subscribe).toHaveBeenCalledWith('Sales Invoice', 'somjai@example.com', expect.any(Function), expect.any(Function)));
    act(() => announce({ doctype: 'Sales Invoice', name: 'ACC-SINV-2026-00009', user: 'somjai@example.com' }));
    expect(queryClient.getQueryState(invoiceQuery('ACC-SINV-2026-00009').queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(ordersQuery().queryKey)?.isInvalidated).toBe(true);
  });

  it('read the orders and the points (the tier with them) again once the subscription is confirmed: what changed before was announced to nobody', async () => {
    let joined: (() => void) | undefined;
    vi.spyOn(realtime, 'subscribeDoctype').mockImplementation((_doctype, _user, _listener, onJoined) => {
      joined = onJoined;
      return () => {};
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(ordersQuery().queryKey, { pages: [[reward('Draft')]], pageParams: [0] });
    queryClient.setQueryData(tierQuery('CUST-00001').queryKey, { tier_name: 'Silver', tier_thumbnail: null, next_tier_name: 'Gold', points_to_next_tier: 11, points_earned: 24 });
    function Live() {
      useLiveOrders('somjai@example.com');
      return null;
    }
    renderApp(<Live />, { queryClient });
    expect(queryClient.getQueryState(ordersQuery().queryKey)?.isInvalidated).toBe(false);
    await vi.waitFor(() => expect(joined).toBeTypeOf('function'));
    act(() => joined!());
    expect(queryClient.getQueryState(ordersQuery().queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(tierQuery('CUST-00001').queryKey)?.isInvalidated).toBe(true);
  });
});
