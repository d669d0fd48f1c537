// The back office's page forms (the reward editor, the programme's rules, a broadcast, a blog post) check their
// fields with the method's contract before anything is sent: a bad value shows its message on its field, and the
// server is never asked.
import { fireEvent, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { branchesQuery } from '@/entities/branches';
import { bootQuery } from '@/entities/member';
import { rulesQuery, type ProgrammeRules } from '@/entities/programme';
import { sessionQuery } from '@/entities/session';
import { RewardEditor } from '@/features/back-office';
import { BroadcastScreen } from '@/features/back-office/broadcast';
import { AddPostPage } from '@/features/back-office/blog';
import { categoriesQuery } from '@/features/back-office/blog/api';
import { RulesPage } from '@/features/back-office/programme';
import { today } from '../../../../contracts/business-day';
import { renderApp, testQueryClient } from '../../render-app';

// Mantine's autosizing text boxes listen for web fonts, which jsdom does not have.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const rules: ProgrammeRules = {
  baht_per_point: 25, point_value_baht: 0.25, rounding: 'down', expiry: { policy: 'days', days: 365 }, tier_window: 'lifetime',
  tiers: [{ name: 'Silver', threshold: 0, multiplier: 1, colour: '#c0c0c0', thumbnail: null }],
  campaigns: [], birthday_bonus: 0, signup_bonus: 0, daily_cap: 1000, reminder_days: [30], reward_valid_days: 30,
  uncollected_points_back: true, purchase_due_days: 3,
};
const rulesAnswer = { loyalty_program: 'Member Rewards', date: today(), current: { version: 1, effective_from: null, created_by: null, created_at: null, note: null, changes: {}, rules }, scheduled: [], history: [] };

const fetchSpy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ message: {} }), { headers: { 'content-type': 'application/json' } }));
beforeEach(() => {
  fetchSpy.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

/** Every request the screen made that could change something (reads of seeded queries never reach fetch). */
const sent = () => fetchSpy.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') !== 'GET' || /update_rules|broadcast\.(preview|send)/.test(String(url)));

function seeded() {
  const queryClient = testQueryClient();
  const who = { user: 'loyalty@example.com', roles: ['Loyalty Manager', 'Blog Manager'], full_name: 'L', csrf_token: 'x', branch: null, max_file_size: 5 * 1024 * 1024 };
  queryClient.setQueryData(bootQuery().queryKey, who);
  queryClient.setQueryData(sessionQuery().queryKey, who);
  queryClient.setQueryData(rulesQuery().queryKey, rulesAnswer);
  queryClient.setQueryData(branchesQuery().queryKey, []);
  queryClient.setQueryData(categoriesQuery().queryKey, [{ name: 'tips', title: 'Tips' }]);
  return queryClient;
}

describe('a page form checks its fields by the contract before sending', () => {
  it('the reward editor: a code with a space is refused on its field, and no item is created', async () => {
    renderApp(<RewardEditor />, { queryClient: seeded() });
    fireEvent.change(await screen.findByRole('textbox', { name: /Item code/ }), { target: { value: 'MUG 1' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reward name/ }), { target: { value: 'Mug' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText('Use letters, digits, dots, hyphens or underscores')).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('the rules page: a baht-per-point of 0 is refused on its field, and no version is written', async () => {
    renderApp(<RulesPage />, { queryClient: seeded() });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Baht spent per point' }), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('save-rules'));
    expect(await screen.findByText('Must be from 0.01 to 100,000 (two decimals at most)')).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('a broadcast: a title over 80 characters is refused on its field, and nothing is previewed', async () => {
    renderApp(<BroadcastScreen />, { queryClient: seeded() });
    fireEvent.change(await screen.findByRole('textbox', { name: /Title \(Thai\)/ }), { target: { value: 'ก'.repeat(81) } });
    fireEvent.change(screen.getByRole('textbox', { name: /Title \(English\)/ }), { target: { value: 'Double points' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Message \(Thai\)/ }), { target: { value: 'สองเท่า' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Message \(English\)/ }), { target: { value: 'Double' } });
    fireEvent.click(screen.getByRole('button', { name: /Preview/ }));
    expect(await screen.findByText('At most 80 characters')).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('a blog post: no category is refused on its field, and no post is created', async () => {
    renderApp(<AddPostPage />, { queryClient: seeded() });
    fireEvent.change(await screen.findByRole('textbox', { name: /Title/ }), { target: { value: 'Butter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category is required')).toBeTruthy();
    expect(screen.queryByText('Title is required')).toBeNull();
    expect(sent()).toEqual([]);
  });
});
