import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pointsHistoryQuery, RewardHistory, type HistoryTab } from '@/features/points';
import { renderApp, stubFetch, testQueryClient } from '../../render-app';

/** The screen with its tab held here, as its route holds it in the address. */
function History() {
  const [tab, setTab] = useState<HistoryTab>('received');
  return <RewardHistory tab={tab} onTabChange={setTab} />;
}

/**
 * /reward-history reads the history a page at a time: older rows arrive as the end of the list comes into view,
 * each page asked for with the cursor the previous one gave; the balance is the server's over every row.
 */

interface Row {
  name: string;
  loyalty_points: number;
  posting_date: string;
  invoice: string | null;
  entry_type: string;
  source: string;
}
const row = (r: Partial<Row> & Pick<Row, 'name' | 'loyalty_points' | 'posting_date'>) => ({
  expiry_date: '2027-12-31', invoice_type: null, redeem_against: null, loyalty_program: 'Member Rewards', loyalty_program_tier: null,
  purchase_amount: 0, customer: 'CUST-1', member_text: null, receipt_no: null, branch: null, creation: `${r.posting_date} 10:00:00`,
  invoice: null, entry_type: r.loyalty_points > 0 ? 'earn' : 'redeem', source: r.loyalty_points > 0 ? 'purchase' : 'redemption', ...r,
});
const day = (n: number) => `2026-${String(1 + Math.floor(n / 28)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;

/** A server holding `rows` (newest first) that answers get_loyalty_points_details by limit and before. */
function serveHistory(rows: () => ReturnType<typeof row>[]) {
  const calls: { limit: string | null; before: string | null }[] = [];
  stubFetch(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (!url.pathname.endsWith('get_loyalty_points_details')) return new Promise<Response>(() => {});
    const limit = url.searchParams.get('limit');
    const before = url.searchParams.get('before');
    calls.push({ limit, before });
    const all = rows();
    const from = before ? all.findIndex((r) => `cursor:${r.name}` === before) + 1 : 0;
    const page = all.slice(from, from + Number(limit));
    const more = from + page.length < all.length;
    const message = {
      customer: 'CUST-1', loyalty_program: 'Member Rewards', loyalty_points: 777, total_spent: 0, points_earned: 0, loyalty_program_tier: null,
      next_tier_name: null, points_to_next_tier: 0, next_expiry_date: '2027-12-31', next_expiry_points: 5,
      record: page, next_before: more ? `cursor:${page.at(-1)!.name}` : null,
    };
    return new Response(JSON.stringify({ message }), { headers: { 'content-type': 'application/json' } });
  }, () => {
    calls.length = 0;
  });
  return calls;
}

/** An IntersectionObserver whose targets the test brings into view (jsdom lays nothing out). */
const observers = new Set<{ callback: IntersectionObserverCallback; targets: Set<Element> }>();
class TestIntersectionObserver {
  entry: { callback: IntersectionObserverCallback; targets: Set<Element> };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: new Set() };
    observers.add(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.add(target);
  }
  unobserve(target: Element) {
    this.entry.targets.delete(target);
  }
  disconnect() {
    observers.delete(this.entry);
  }
  takeRecords() {
    return [];
  }
}
/** Scrolls the element into view, or out of it, for every observer watching it. */
function inView(element: Element, isIntersecting: boolean) {
  act(() => {
    for (const o of [...observers]) {
      if (o.targets.has(element)) o.callback([{ target: element, isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });
}
/** The end of the list: what holds the "earlier entries" button. */
const listEnd = () => screen.getByTestId('history-more').parentElement!;

beforeEach(() => vi.stubGlobal('IntersectionObserver', TestIntersectionObserver));
afterEach(() => observers.clear());

describe('/reward-history of a member with 45 lines received', () => {
  const calls = serveHistory(() => Array.from({ length: 45 }, (_, i) => row({ name: `E${45 - i}`, loyalty_points: 45 - i, posting_date: day(45 - i) })));

  it('shows the newest 20, then older pages as the end of the list comes into view, until the first line', async () => {
    const { queryClient } = renderApp(<History />, { queryClient: testQueryClient() });
    await waitFor(() => expect(screen.getAllByTestId('points-received')).toHaveLength(20), { timeout: 3000 });
    const amounts = () => screen.getAllByTestId('points-received').map((li) => li.lastElementChild?.textContent);
    expect(amounts()[0]).toBe('+45 points');
    expect(screen.getByTestId('history-balance').textContent).toBe('777 points');
    expect(calls).toEqual([{ limit: '20', before: null }]);

    inView(listEnd(), true);
    await waitFor(() => expect(screen.getAllByTestId('points-received')).toHaveLength(40));
    // Still in view after the page came in (a short screen): the next one follows by itself.
    await waitFor(() => expect(screen.getAllByTestId('points-received')).toHaveLength(45));
    expect(amounts()).toEqual(Array.from({ length: 45 }, (_, i) => `+${45 - i} ${45 - i === 1 ? 'point' : 'points'}`));
    expect(screen.queryByTestId('history-more')).toBeNull();
    expect(calls).toEqual([
      { limit: '20', before: null },
      { limit: '20', before: 'cursor:E26' },
      { limit: '20', before: 'cursor:E6' },
    ]);
    expect(queryClient.getQueryData(pointsHistoryQuery().queryKey)?.pages).toHaveLength(3);
  });

  it('asks for nothing more while the end of the list is out of view; the button asks too', async () => {
    renderApp(<History />, { queryClient: testQueryClient() });
    await waitFor(() => expect(screen.getAllByTestId('points-received')).toHaveLength(20), { timeout: 3000 });
    inView(listEnd(), false);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
    fireEvent.click(screen.getByTestId('history-more'));
    await waitFor(() => expect(screen.getAllByTestId('points-received')).toHaveLength(40));
  });

  it('keeps only the newest page once the member leaves the screen, so the next visit fetches one page again', async () => {
    const queryClient = testQueryClient();
    const view = renderApp(<History />, { queryClient });
    await waitFor(() => expect(screen.getAllByTestId('points-received')).toHaveLength(20), { timeout: 3000 });
    fireEvent.click(screen.getByTestId('history-more'));
    await waitFor(() => expect(screen.getAllByTestId('points-received')).toHaveLength(40));
    const updatedAt = queryClient.getQueryState(pointsHistoryQuery().queryKey)?.dataUpdatedAt;
    view.unmount();
    await waitFor(() => expect(queryClient.getQueryData(pointsHistoryQuery().queryKey)?.pages.map((p) => p.record.length)).toEqual([20]));
    expect(queryClient.getQueryData(pointsHistoryQuery().queryKey)?.pageParams).toEqual([null]);
    expect(queryClient.getQueryState(pointsHistoryQuery().queryKey)?.dataUpdatedAt).toBe(updatedAt);
  });

  it('leaving while every page is being fetched again (back online, say) still keeps only the newest', async () => {
    const queryClient = testQueryClient();
    const view = renderApp(<History />, { queryClient });
    await waitFor(() => expect(screen.getAllByTestId('points-received')).toHaveLength(20), { timeout: 3000 });
    fireEvent.click(screen.getByTestId('history-more'));
    await waitFor(() => expect(screen.getAllByTestId('points-received')).toHaveLength(40));
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    void queryClient.refetchQueries({ queryKey: pointsHistoryQuery().queryKey });
    await waitFor(() => expect(queryClient.getQueryState(pointsHistoryQuery().queryKey)?.fetchStatus).toBe('fetching'));
    view.unmount();
    await waitFor(() => expect(queryClient.getQueryData(pointsHistoryQuery().queryKey)?.pages.map((p) => p.record.length)).toEqual([20]));
    expect(queryClient.getQueryState(pointsHistoryQuery().queryKey)?.fetchStatus).toBe('idle');
  });
});

describe('/reward-history with a reward whose points came from two batches, cut by the page boundary', () => {
  // 19 lines received on later days, then the redemption's two rows (one at the end of the first page, one at
  // the start of the second), then an older line.
  serveHistory(() => [
    ...Array.from({ length: 19 }, (_, i) => row({ name: `E${i}`, loyalty_points: 1, posting_date: day(50 - i) })),
    row({ name: 'R1', loyalty_points: -30, posting_date: day(20), invoice: 'ACC-SINV-2026-00009' }),
    row({ name: 'R2', loyalty_points: -12, posting_date: day(20), invoice: 'ACC-SINV-2026-00009' }),
    row({ name: 'E-old', loyalty_points: 5, posting_date: day(3) }),
  ]);

  it('shows the reward as one line of all its points, never the first page’s part alone', async () => {
    renderApp(<History />, { queryClient: testQueryClient() });
    await waitFor(() => expect(screen.getAllByTestId('points-received')).toHaveLength(19), { timeout: 3000 });
    fireEvent.click(screen.getByRole('tab', { name: 'Points used' }));
    expect(screen.queryAllByTestId('points-used').map((li) => li.lastElementChild?.textContent)).not.toContain('-30 points');
    expect(screen.queryByText('No points used yet')).toBeNull();
    inView(listEnd(), true);
    await waitFor(() => expect(screen.getAllByTestId('points-used').map((li) => li.lastElementChild?.textContent)).toEqual(['-42 points']));
  });
});
