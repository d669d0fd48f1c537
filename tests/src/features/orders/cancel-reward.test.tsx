import { fireEvent, screen, waitFor } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceQuery, RewardOrderDetail } from '@/features/orders';
import { Toaster } from '@/components/toaster';
import { today } from '../../../../contracts/business-day';
import { OrderSchema } from '../../../../contracts/orders';
import { renderApp, testQueryClient } from '../../render-app';

const NAME = 'ACC-SINV-2026-00009';
const reward = (over: Record<string, unknown> = {}) =>
  v.parse(OrderSchema, {
    name: NAME,
    order_type: 'redemption',
    posting_date: today(),
    due_date: today(),
    status: 'Paid',
    loyalty_points: 40,
    items: [{ item_code: 'GIFT-TOTE', item_name: 'Tote bag', qty: 1 }],
    delivery_notes: [{ name: 'MAT-DN-2026-00009', status: 'Draft' }],
    ...over,
  });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let answer: () => Response | Promise<Response>;
/** What a read of the order answers (the screen reads it again after a cancellation). */
let stored = reward();
const fetchSpy = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
  String(input).includes('/api/resource/Sales') ? json({ data: stored }) : String(input).includes('cancel_reward_order') ? answer() : json({ message: null }),
);
beforeEach(() => {
  fetchSpy.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

function renderDetail(order = reward(), lang: 'th' | 'en' = 'en') {
  stored = order;
  const queryClient = testQueryClient();
  client = queryClient;
  queryClient.setQueryData(invoiceQuery(NAME).queryKey, order);
  renderApp(
    <>
      <Toaster />
      <RewardOrderDetail name={NAME} />
    </>,
    { queryClient, lang },
  );
}

let client: ReturnType<typeof testQueryClient>;

const cancelCalls = () => fetchSpy.mock.calls.filter(([url]) => String(url).includes('member_rewards.orders.cancel_reward_order'));

describe('cancelling an unused reward on /my-order/{id}', () => {
  it('asks first, then cancels the order and says how many points came back', async () => {
    answer = () => {
      stored = reward({ status: 'Cancelled', delivery_notes: [{ name: 'MAT-DN-2026-00009', status: 'Cancelled' }] });
      return json({ message: { order: NAME, status: 'Cancelled', cancel_reason: 'member', points_returned: 40, stock_returned: [], delivery_notes: [], loyalty_points: 64 } });
    };
    renderDetail();
    fireEvent.click(await screen.findByTestId('cancel-reward'));
    expect(await screen.findByText('Your 40 points come back to your account with their original expiry date.')).toBeTruthy();
    expect(cancelCalls()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('40 points are back in your account.')).toBeTruthy();
    const [, init] = cancelCalls()[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ order: NAME });
    // Read again, the order is cancelled: no code, no second cancel.
    expect(await screen.findByTestId('order-cancelled')).toBeTruthy();
    expect(screen.queryByTestId('cancel-reward')).toBeNull();
  });

  it('says the points came back also when the news of the cancellation reaches the screen before the answer', async () => {
    // The realtime event (or a refetch) shows the order cancelled while the request is still on its way: the cancel
    // button and its dialog are gone by the time the answer arrives.
    let release!: () => void;
    const cancelled = reward({ status: 'Cancelled', delivery_notes: [{ name: 'MAT-DN-2026-00009', status: 'Cancelled' }] });
    answer = () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(json({ message: { order: NAME, status: 'Cancelled', cancel_reason: 'member', points_returned: 40, stock_returned: [], delivery_notes: [], loyalty_points: 64 } }));
      });
    renderDetail();
    fireEvent.click(await screen.findByTestId('cancel-reward'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(cancelCalls()).toHaveLength(1));
    stored = cancelled;
    client.setQueryData(invoiceQuery(NAME).queryKey, cancelled);
    await waitFor(() => expect(screen.queryByTestId('cancel-reward')).toBeNull());
    release();
    expect(await screen.findByText('40 points are back in your account.')).toBeTruthy();
  });

  it('says a refusal in Thai by its code, never the server’s English sentence', async () => {
    answer = () => json({ exc_type: 'ValidationError', error_code: 'reward_used', _server_messages: JSON.stringify([JSON.stringify({ message: 'This reward was already handed over: it cannot be cancelled' })]) }, 417);
    renderDetail(reward(), 'th');
    fireEvent.click(await screen.findByTestId('cancel-reward'));
    fireEvent.click(await screen.findByRole('button', { name: 'ยืนยันยกเลิก' }));
    expect(await screen.findByText('ของรางวัลนี้รับไปแล้ว จึงยกเลิกไม่ได้')).toBeTruthy();
    expect(screen.queryByText(/already handed over/)).toBeNull();
  });

  it('is not offered once the reward was handed over', async () => {
    renderDetail(reward({ delivery_notes: [{ name: 'MAT-DN-2026-00009', status: 'Submitted' }] }));
    await screen.findByTestId('order-code');
    expect(screen.queryByTestId('cancel-reward')).toBeNull();
  });

  it('is not offered past the collection day', async () => {
    renderDetail(reward({ due_date: '2020-01-01' }));
    await screen.findByTestId('order-code');
    expect(screen.queryByTestId('cancel-reward')).toBeNull();
  });

  it('shows a cancelled reward as cancelled, without its code', async () => {
    renderDetail(reward({ status: 'Cancelled', delivery_notes: [{ name: 'MAT-DN-2026-00009', status: 'Cancelled' }] }));
    expect(await screen.findByTestId('order-cancelled')).toBeTruthy();
    expect(screen.queryByTestId('order-code')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('cancel-reward')).toBeNull());
  });
});
