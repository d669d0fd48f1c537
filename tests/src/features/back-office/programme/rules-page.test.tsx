import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { branchesQuery } from '@/entities/branches';
import { bootQuery } from '@/entities/member';
import { rulesQuery, type ProgrammeRules } from '@/entities/programme';
import { RulesPage } from '@/features/back-office/programme';
import { rulesErrors } from '@/features/back-office/programme/field-errors';
import { today } from '../../../../../contracts/business-day';
import { renderApp, testQueryClient } from '../../../render-app';

const rules: ProgrammeRules = {
  baht_per_point: 25, point_value_baht: 0.25, rounding: 'down', expiry: { policy: 'days', days: 365 }, tier_window: 'lifetime',
  tiers: [
    { name: 'Silver', threshold: 0, multiplier: 1, colour: '#c0c0c0', thumbnail: null },
    { name: 'Gold', threshold: 500, multiplier: 1.5, colour: '#d4af37', thumbnail: null },
  ],
  campaigns: [], birthday_bonus: 0, signup_bonus: 0, daily_cap: 1000, reminder_days: [30], reward_valid_days: 30,
  uncollected_points_back: true, purchase_due_days: 3,
};
const version = { version: 3, effective_from: '2026-01-01', created_by: 'loyalty@example.com', created_at: null, note: null, changes: {}, rules };
const answer = { loyalty_program: 'Member Rewards', date: today(), current: version, scheduled: [], history: [] };

const fetchSpy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ message: answer }), { headers: { 'content-type': 'application/json' } }));
beforeEach(() => {
  fetchSpy.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

function renderRules(roles: string[]) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(rulesQuery().queryKey, answer);
  queryClient.setQueryData(branchesQuery().queryKey, []);
  queryClient.setQueryData(bootQuery().queryKey, { user: 'loyalty@example.com', roles, full_name: 'L', csrf_token: 'x', branch: null });
  renderApp(<RulesPage />, { queryClient });
}

const updateCalls = () => fetchSpy.mock.calls.filter(([url]) => String(url).includes('programme.update_rules'));
const thresholdOf = (tier: string) => within(screen.getAllByTestId('tier-row').find((r) => r.dataset.tier === tier)!).getByLabelText('Threshold (points)');

describe('/admin/rules', () => {
  it('shows a broken rule on its own field and sends nothing', async () => {
    renderRules(['Loyalty Manager']);
    await screen.findAllByTestId('tier-row');
    fireEvent.change(thresholdOf('Gold'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('save-rules'));
    // On the tier that repeats the threshold, not on the one that had it first.
    const goldRow = screen.getAllByTestId('tier-row').find((r) => r.dataset.tier === 'Gold')!;
    expect(await within(goldRow).findByText('Another tier has this threshold')).toBeTruthy();
    expect(screen.getAllByText('Another tier has this threshold')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe('Please fix the fields marked in red');
    expect(updateCalls()).toHaveLength(0);
  });

  it('says a campaign day outside 1900-2200 is out of range, on that day\'s field', () => {
    const campaign = { id: 'forever', name: 'Forever', multiplier: 2, from_date: '0001-01-01', to_date: '9999-12-31', branches: [], item_groups: [], tiers: [] };
    expect(rulesErrors({ ...rules, campaigns: [campaign] })).toEqual({ 'campaigns.0.from_date': 'errors.dateOutOfRange', 'campaigns.0.to_date': 'errors.dateOutOfRange' });
    expect(rulesErrors({ ...rules, campaigns: [{ ...campaign, from_date: '1900-01-01', to_date: '2200-12-31' }] })).toEqual({});
  });

  it('saves only the rules that changed, as a version from the chosen day', async () => {
    renderRules(['Loyalty Manager']);
    await screen.findAllByTestId('tier-row');
    fireEvent.change(thresholdOf('Gold'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('save-rules'));
    await waitFor(() => expect(updateCalls()).toHaveLength(1));
    const body = JSON.parse(String(updateCalls()[0]![1]?.body)) as { rules: Partial<ProgrammeRules>; effective_from: string };
    expect(Object.keys(body.rules)).toEqual(['tiers']);
    expect(body.rules.tiers?.[1]).toMatchObject({ name: 'Gold', threshold: 300 });
    expect(body.effective_from).toBe(today());
  });

  it('lets a Branch Manager read the rules without a save button', async () => {
    renderRules(['Branch Manager']);
    expect(await screen.findByText('You can read the rules but not change them')).toBeTruthy();
    expect(screen.queryByTestId('save-rules')).toBeNull();
  });
});
