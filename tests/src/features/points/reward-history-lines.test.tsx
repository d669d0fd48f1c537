import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expiryScheduleQuery, pointsHistoryQuery, RewardHistory, type HistoryTab } from '@/features/points';
import { renderApp, stubFetchNeverAnswering, testQueryClient } from '../../render-app';

/** The screen with its tab held here, as its route holds it in the address. */
function History() {
  const [tab, setTab] = useState<HistoryTab>('received');
  return <RewardHistory tab={tab} onTabChange={setTab} />;
}

stubFetchNeverAnswering();

const row = (name: string, entry_type: string, source: string, loyalty_points: number, extra: Record<string, unknown> = {}) => ({
  name, entry_type, source, loyalty_points, posting_date: '2026-03-01', expiry_date: '2027-03-01', invoice_type: null, invoice: null,
  redeem_against: null, loyalty_program: 'Member Rewards', loyalty_program_tier: null, purchase_amount: 0, customer: 'CUST-1',
  member_text: null, receipt_no: null, branch: null, creation: '2026-03-01 10:00:00', ...extra,
});

const details = {
  customer: 'CUST-1', loyalty_program: 'Member Rewards', loyalty_points: 95, held_points: 0, total_spent: 0, points_earned: 120,
  loyalty_program_tier: 'Silver', next_tier_name: 'Gold', points_to_next_tier: 80, next_expiry_date: '2026-04-30', next_expiry_points: 30,
  record: [
    row('E1', 'earn', 'purchase', 100),
    row('E2', 'bonus', 'birthday', 20),
    row('E3', 'adjust', 'adjustment', 10, { member_text: 'Sorry for the wait at the till' }),
    row('E4', 'refund', 'order_cancelled', 40),
    // One expiry of two batches on one day is one line for the member.
    row('X1', 'expire', 'expiry', -15),
    row('X2', 'expire', 'expiry', -5),
    row('R1', 'reverse', 'purchase_refund', -12, { invoice: 'ACC-SINV-2026-00003' }),
    row('U1', 'redeem', 'redemption', -40, { invoice: 'ACC-SINV-2026-00004' }),
  ],
  next_before: null,
};

const batch = (n: number, expiry_date: string, available: number, days_left: number) => ({
  batch: `B${n}`, entry_type: 'earn', source: 'purchase', posting_date: '2026-01-0' + n, expiry_date, points: 100, available, days_left,
});
const schedule = {
  as_of: '2026-04-25', loyalty_points: 95,
  batches: [batch(1, '2026-04-30', 30, 5), batch(2, '2026-06-30', 25, 66), batch(3, '2026-09-30', 20, 158), batch(4, '2026-12-31', 20, 250)],
  by_date: [],
};

function renderHistory() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(pointsHistoryQuery().queryKey, { pages: [details], pageParams: [null] });
  queryClient.setQueryData(expiryScheduleQuery().queryKey, schedule);
  renderApp(<History />, { queryClient });
}

describe('/reward-history: every kind of line and the expiry schedule', () => {
  it('names what each line was: bonuses, adjustments in the member’s words, points given back', async () => {
    renderHistory();
    const received = await screen.findAllByTestId('points-received', {}, { timeout: 3000 });
    expect(received.map((li) => li.querySelector('[data-entry-type]')?.textContent)).toEqual([
      'You received points',
      'Birthday bonus',
      'Sorry for the wait at the till',
      'Points back from a cancelled reward',
    ]);
  });

  it('says how many points a till holds as payment, beside the available points', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(pointsHistoryQuery().queryKey, { pages: [{ ...details, loyalty_points: 35, held_points: 60 }], pageParams: [null] });
    queryClient.setQueryData(expiryScheduleQuery().queryKey, schedule);
    renderApp(<History />, { queryClient });
    expect((await screen.findByTestId('history-balance', {}, { timeout: 3000 })).textContent).toBe('35 points');
    expect(screen.getByTestId('held-points').textContent).toBe('60 points held for a payment at a shop');
  });

  it('shows no held line when nothing is held', async () => {
    renderHistory();
    await screen.findByTestId('history-balance', {}, { timeout: 3000 });
    expect(screen.queryByTestId('held-points')).toBeNull();
  });

  it('shows expired points and points taken back among the points used', async () => {
    renderHistory();
    await screen.findAllByTestId('points-received', {}, { timeout: 3000 });
    fireEvent.click(screen.getByRole('tab', { name: 'Points used' }));
    const used = screen.getAllByTestId('points-used');
    expect(used.map((li) => [li.querySelector('[data-entry-type]')?.textContent, li.lastElementChild?.textContent])).toEqual([
      ['Points expired', '-20 points'],
      ['Points taken back for a refund', '-12 points'],
      ['Points used', '-40 points'],
    ]);
  });

  it('lists what expires when, batch by batch, soonest first, and the rest on request', async () => {
    renderHistory();
    const section = await screen.findByTestId('expiry-schedule');
    const rows = () => within(section).getAllByTestId('expiry-batch');
    expect(rows().map((r) => r.dataset.expiry)).toEqual(['2026-04-30', '2026-06-30', '2026-09-30']);
    expect(rows()[0]!.textContent).toContain('30 points');
    expect(rows()[0]!.textContent).toContain('5 days left');
    fireEvent.click(within(section).getByRole('button', { name: 'Show all (4)' }));
    expect(rows()).toHaveLength(4);
  });
});
