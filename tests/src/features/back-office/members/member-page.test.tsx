import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootQuery } from '@/entities/member';
import { memberSummaryQuery, type MemberSummary } from '@/entities/admin';
import { memberConsentsQuery, type Consents } from '@/entities/admin/privacy';
import { MemberPage } from '@/features/back-office';
import { renderApp, testQueryClient } from '../../../render-app';

/** The member summary as the server answers a Branch Manager for a member never active at their branch. */
const limited: MemberSummary = {
  customer: 'CUST-7', user: '', full_name: 'Somchai Jaidee', first_name: 'Somchai', last_name: 'Jaidee', email: null, mobile_no: '08x-xxx-1234',
  phone_verified: true, user_image: null, member_since: '2026-01-05', loyalty_program: 'Member Rewards', loyalty_points: 0, points_earned: 0,
  tier: { tier_name: 'Gold', next_tier_name: null, points_to_next_tier: 0 }, batches: [], ledger: { start: 0, total: 0, rows: [] }, orders: [],
  reward_orders: [], devices: [], blocked: { blocked: false, reason: null, at: null, by: null }, limited: true,
};
const full: MemberSummary = { ...limited, user: 'somchai@example.com', email: 'somchai@example.com', mobile_no: '0812341234', loyalty_points: 120, limited: undefined };
const consents: Consents = {
  current_notice_version: 3,
  consents: { privacy_notice: { granted: 1, version: 2, at: '2026-03-01T05:00:00.000Z' }, marketing: null },
};

const fetchSpy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
  new Response(JSON.stringify({ message: { ...consents, consents: { ...consents.consents, marketing: { granted: 1, at: '2026-11-28T05:00:00.000Z' } } } }), { headers: { 'content-type': 'application/json' } }),
);
beforeEach(() => {
  fetchSpy.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

function renderMember(summary: MemberSummary, roles: string[]) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(memberSummaryQuery({ customer: summary.customer, ledger_start: 0, ledger_limit: 20 }).queryKey, summary);
  queryClient.setQueryData(memberConsentsQuery(summary.customer).queryKey, consents);
  queryClient.setQueryData(bootQuery().queryKey, { user: 'manager@example.com', roles, full_name: 'M', csrf_token: 'x', branch: roles.includes('Branch Manager') ? 'Siam' : null });
  return renderApp(<MemberPage customer={summary.customer} />, { queryClient });
}

describe('the member page', () => {
  it('for a Branch Manager and a member never active at their branch: name, tier, masked phone and why, nothing else', async () => {
    renderMember(limited, ['Branch Manager']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Somchai Jaidee' })).toBeTruthy();
    expect(screen.getByTestId('member-limited').textContent).toContain('This member has no activity at your branch');
    expect(screen.getByTestId('member-phone').textContent).toBe('08x-xxx-1234');
    expect(screen.getByText('Gold')).toBeTruthy();
    // No empty fields and no actions: no balance, e-mail, history, orders, devices, consents, adjust or block.
    expect(screen.queryByTestId('member-balance')).toBeNull();
    expect(screen.queryByText('E-mail')).toBeNull();
    expect(screen.queryByText('–')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('member-consents')).toBeNull();
  });

  it('for a Loyalty Manager: the consents, and a marketing consent recorded on the member’s behalf', async () => {
    renderMember(full, ['Loyalty Manager']);
    const section = await screen.findByTestId('member-consents');
    expect(within(section).getByTestId('member-notice-consent').textContent).toBe('Agreed to version 2 on 1 Mar 2026The current version is 3: the member will be asked again');
    expect(within(section).getByTestId('member-marketing').textContent).toBe('Never asked, so no offers are sent');
    expect(screen.getByRole('link', { name: "Download the member's data" }).getAttribute('href')).toBe('/api/method/member_rewards.privacy.export_member_data?customer=CUST-7');
    fireEvent.click(screen.getByRole('button', { name: 'Record a marketing consent' }));
    fireEvent.click(await screen.findByLabelText('Yes to offers'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('privacy.set_member_consent'))).toBe(true));
    const [, init] = fetchSpy.mock.calls.find(([url]) => String(url).includes('privacy.set_member_consent'))!;
    expect(JSON.parse(String(init!.body))).toEqual({ customer: 'CUST-7', purpose: 'marketing', granted: 1 });
  });

  it('for a Branch Manager on a member of their branch: no consents or data download (those are privacy managers’ work)', async () => {
    renderMember(full, ['Branch Manager']);
    expect(await screen.findByTestId('member-balance')).toBeTruthy();
    expect(screen.queryByTestId('member-consents')).toBeNull();
    expect(screen.queryByRole('link', { name: "Download the member's data" })).toBeNull();
  });
});
