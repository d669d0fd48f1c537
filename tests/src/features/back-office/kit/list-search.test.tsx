import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { memberSummaryQuery, type MemberSummary } from '@/entities/admin';
import { authKeys, type BootInfo } from '@/features/auth';
import { renderAppAt, stubFetchNeverAnswering, testQueryClient } from '../../../render-app';

// The frame follows the blog's lists live; no socket in these tests.
vi.mock('@/lib/realtime', () => ({ subscribeDoctype: () => () => {} }));

const fetchSpy = stubFetchNeverAnswering();

const manager = () => {
  const queryClient = testQueryClient();
  const boot: BootInfo = { user: 'admin@example.com', roles: ['System Manager'], full_name: 'Administrator', csrf_token: 'x', branch: null };
  queryClient.setQueryData(authKeys.boot, boot);
  return queryClient;
};

/** Everything the screen asked the server, address and body, decoded, one string a request. */
const asked = () =>
  fetchSpy.mock.calls.map(([input, init]) => decodeURIComponent(`${String(input)} ${typeof init?.body === 'string' ? init.body : ''}`).replace(/\+/g, ' '));

const askedFor = (...parts: RegExp[]) => waitFor(() => expect(asked().some((call) => parts.every((p) => p.test(call)))).toBe(true));

/** A list opened from its address (Back, a reload, a link) shows and asks for what the address says. */
describe('back-office lists keep their page, sort and filters in the address', () => {
  it('staff: the search and the page', async () => {
    renderAppAt('/admin/staff?q=siam&page=3', { queryClient: manager() });
    expect(await screen.findByLabelText('Search')).toHaveProperty('value', 'siam');
    await askedFor(/list_staff/, /siam/, /"?start"?[=:]"?40\b/);
  });

  it('branches: the page and the sort', async () => {
    renderAppAt('/admin/branches?page=2&sort=disabled&dir=desc', { queryClient: manager() });
    await askedFor(/Branch/, /disabled desc/, /limit_start"?[=:]"?20\b/);
  });

  it('a member’s ledger: its page', async () => {
    const queryClient = manager();
    // The member's page itself (its first ledger page) is read; the ledger's second page is asked for.
    const member = {
      customer: 'CUST-00001', full_name: 'Somchai', loyalty_points: 120, mobile_no: null, email: null, member_since: '2026-01-01', phone_verified: true,
      points_earned: 120, tier: { tier_name: null, next_tier_name: null, points_to_next_tier: 0 }, blocked: { blocked: false, at: null, by: null, reason: null },
      batches: [], ledger: { rows: [], total: 45, start: 0 }, orders: [], reward_orders: [], devices: [],
    } as unknown as MemberSummary;
    queryClient.setQueryData(memberSummaryQuery({ customer: 'CUST-00001', ledger_start: 0, ledger_limit: 20 }).queryKey, member);
    renderAppAt('/admin/members/CUST-00001?page=2', { queryClient });
    await askedFor(/member_summary/, /CUST-00001/, /ledger_start"?[=:]"?20\b/);
  });

  it('broadcast history: its page', async () => {
    renderAppAt('/admin/broadcasts?page=3', { queryClient: manager() });
    await askedFor(/broadcast/, /"?start"?[=:]"?40\b/);
  });

  it('the dashboard: its days and branch', async () => {
    renderAppAt('/admin/dashboard?from=2026-01-01&to=2026-01-31&branch=Siam', { queryClient: manager() });
    await askedFor(/dashboard/, /2026-01-01/, /2026-01-31/, /Siam/);
  });

  it('drops a hand-edited value of the wrong kind and keeps the rest', async () => {
    renderAppAt('/admin/branches?page=zero&sort=address&dir=up', { queryClient: manager() });
    await askedFor(/Branch/, /name asc/, /limit_start"?[=:]"?0\b/);
  });
});
