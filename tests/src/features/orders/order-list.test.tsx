import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderList } from '@/features/orders/components/order-list';
import { renderApp, stubFetch } from '../../render-app';

const order = (i: number) => ({
  name: `ACC-SINV-2026-${String(i).padStart(5, '0')}`,
  order_type: 'purchase',
  posting_date: '2026-11-01',
  items: [{ item_code: 'TEE-GREEN', item_name: `Tee ${i}`, qty: 1 }],
  delivery_notes: [],
});

/** A server of `total` orders, newest (highest number) first, answering getorders by start / limit. */
function serveOrders(total: number, { failFrom }: { failFrom?: number } = {}) {
  const calls: { start: number; limit: number }[] = [];
  stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const arg = (k: string) => Number(url.searchParams.get(k) ?? body[k]);
    const start = arg('start');
    const limit = arg('limit');
    calls.push({ start, limit });
    if (failFrom !== undefined && start >= failFrom) return new Response(JSON.stringify({ exc_type: 'Timeout' }), { status: 503 });
    const all = Array.from({ length: total }, (_, i) => order(total - i));
    return new Response(JSON.stringify({ message: all.slice(start, start + limit) }), { headers: { 'content-type': 'application/json' } });
  }, () => {
    calls.length = 0;
  });
  return calls;
}

describe('/my-order with many orders', () => {
  const calls = serveOrders(23);
  it('shows the newest 20, then the earlier ones on request, and no button once all are shown', async () => {
    renderApp(<OrderList />);
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(20));
    expect(screen.getAllByTestId('order-row')[0]!.dataset.order).toBe('ACC-SINV-2026-00023');
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier orders' }));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(23));
    expect(screen.getAllByTestId('order-row')[22]!.dataset.order).toBe('ACC-SINV-2026-00001');
    expect(screen.queryByRole('button', { name: 'Show earlier orders' })).toBeNull();
    expect(calls).toEqual([
      { start: 0, limit: 20 },
      { start: 20, limit: 20 },
    ]);
  });
});

describe('/my-order with a short list', () => {
  serveOrders(3);
  it('offers no earlier orders', async () => {
    renderApp(<OrderList />);
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Show earlier orders' })).toBeNull();
  });
});

describe('/my-order when the next page fails', () => {
  serveOrders(25, { failFrom: 20 });
  it('keeps the orders shown and says the earlier ones could not be loaded', async () => {
    renderApp(<OrderList />);
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier orders' }));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('Earlier orders could not be loaded. Try again.');
    expect(screen.getAllByTestId('order-row')).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Show earlier orders' }).hasAttribute('disabled')).toBe(false);
  });
});
