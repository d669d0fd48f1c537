import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { branchesQuery, giftItemQuery, GiftCheckout } from '@/features/gift-redemption';
import { resetOnlineForTests } from '@/lib/online';
import { pendingSpend } from '@/lib/spend';
import { renderApp, stubFetchNeverAnswering, testQueryClient } from '../../render-app';
import { BranchDocSchema } from '../../../../contracts/branches';
import { ItemSchema } from '../../../../contracts/catalog';

const ITEM = v.parse(ItemSchema, { name: 'GIFT-TOTE', item_code: 'GIFT-TOTE', item_name: 'Tote bag', item_group: 'Gift', website_image: null, loyalty_points_based_price: 20 });

function seeded() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(giftItemQuery('GIFT-TOTE').queryKey, ITEM);
  queryClient.setQueryData(branchesQuery().queryKey, [v.parse(BranchDocSchema, { name: 'Siam Square' })]);
  return queryClient;
}

// The redemption call never answers: the screen stays in its submitting state for the test to look at.
const fetchSpy = stubFetchNeverAnswering();

afterEach(() => {
  fetchSpy.mockReset(); // back to never answering
  resetOnlineForTests(true);
  localStorage.clear();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const method = (input: RequestInfo | URL) => new URL(String(input), 'http://localhost').pathname.replace('/api/method/', '');

async function renderGift(memberPoints: number) {
  renderApp(<GiftCheckout itemCode="GIFT-TOTE" memberPoints={memberPoints} onRedeemed={() => {}} />, { queryClient: seeded() });
  await screen.findByText('Tote bag');
  return {
    branch: screen.getByRole('combobox', { name: 'Branch to collect the reward' }) as HTMLSelectElement,
    redeem: screen.getByRole('button', { name: 'Redeem using 20 points' }) as HTMLButtonElement,
  };
}

const chooseBranch = (select: HTMLSelectElement) => fireEvent.change(select, { target: { value: 'Siam Square' } });

describe('gift redemption checkout', () => {
  it("says 'Please choose a branch' once the selector is left on its placeholder", async () => {
    const { branch } = await renderGift(100);
    expect(branch.value).toBe('');
    expect(within(branch).getByRole('option', { name: 'Choose branch' })).toBeTruthy();
    expect(screen.queryByText('Please choose a branch')).toBeNull();

    fireEvent.blur(branch);
    expect(screen.getByText('Please choose a branch')).toBeTruthy();

    chooseBranch(branch);
    expect(screen.queryByText('Please choose a branch')).toBeNull();
  });

  it("disables 'Redeem using N points' until a branch is chosen", async () => {
    const enough = await renderGift(100);
    expect(enough.redeem.disabled).toBe(true); // no branch yet
    chooseBranch(enough.branch);
    expect(enough.redeem.disabled).toBe(false);
  });

  it('keeps the button disabled with a branch when the member has fewer points than the price', async () => {
    const short = await renderGift(10);
    chooseBranch(short.branch);
    expect(short.redeem.disabled).toBe(true);
    expect(screen.getByText('Not enough points: 10 more needed')).toBeTruthy();
  });

  it('asks for confirmation, and Cancel closes the dialog without redeeming', async () => {
    const { branch, redeem } = await renderGift(100);
    chooseBranch(branch);
    // Before anything is sent the dialog may be dismissed like any other (see the submitting case below).
    fireEvent.click(redeem);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(redeem);

    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Confirm reward redemption')).toBeTruthy();
    expect(within(dialog).getByText('After pressing confirm you can keep it for later use')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Confirm reward redemption')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows 'System is redeeming, please wait' with a spinner, and cannot be dismissed while submitting", async () => {
    const { branch, redeem } = await renderGift(100);
    chooseBranch(branch);
    fireEvent.click(redeem);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('System is redeeming, please wait');
    expect(status.querySelector('.mantine-Loader-root')).not.toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryAllByRole('button')).toHaveLength(0); // no close, no cancel
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    fireEvent.mouseDown(overlay!);
    fireEvent.click(overlay!);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText('System is redeeming, please wait')).toBeTruthy();
  });
});

describe('gift redemption on a bad connection', () => {
  const confirmRedeem = async () => {
    const { branch, redeem } = await renderGift(100);
    chooseBranch(branch);
    fireEvent.click(redeem);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
  };

  it('offline, the button is disabled and says why, and nothing is sent', async () => {
    resetOnlineForTests(false);
    const { branch, redeem } = await renderGift(100);
    chooseBranch(branch);
    expect(redeem.disabled).toBe(true);
    expect(screen.getByTestId('redeem-offline').textContent).toBe("You're offline. Connect to the internet to redeem.");
    expect(redeem.getAttribute('aria-describedby')).toBe('redeem-offline');
    fireEvent.click(redeem);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("a lost answer the server cannot be asked about either says 'not known yet', keeps the key, offers to check again and can be closed", async () => {
    fetchSpy.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await confirmRedeem();
    const outcome = await screen.findByTestId('spend-outcome');
    expect(outcome.getAttribute('data-phase')).toBe('unknown');
    expect(within(outcome).getByText('Not known yet')).toBeTruthy();
    expect(pendingSpend('redeem')).toBeDefined();
    expect(fetchSpy.mock.calls.map(([input]) => method(input))).toEqual(['headless_e_commerce.api.place_order', 'member_rewards.api.request_status']);

    // Online again: checking again learns that nothing was spent.
    fetchSpy.mockImplementation(async (input) => json(200, { message: method(input) === 'member_rewards.api.request_status' ? { status: 'unknown' } : null }));
    fireEvent.click(within(outcome).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByTestId('spend-outcome').getAttribute('data-phase')).toBe('nothing'));
    expect(screen.getByText('No points were used. Please try again.')).toBeTruthy();
    expect(pendingSpend('redeem')).toBeUndefined();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("a refusal is said in the member's language, naming the branch, never in the server's English", async () => {
    const english = 'Branch Siam Square not found';
    fetchSpy.mockImplementation(async () =>
      json(417, { exc_type: 'ValidationError', exception: english, _server_messages: JSON.stringify([JSON.stringify({ message: english })]), error_code: 'branch_not_found' }),
    );
    await confirmRedeem();
    const alert = await screen.findByTestId('redeem-error');
    expect(alert.textContent).toContain('Branch Siam Square is no longer available. Please choose another branch.');
    expect(alert.textContent).not.toContain(english);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("a reward that does not exist says so in the member's language, not the server's 'Item … not found'", async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(branchesQuery().queryKey, []);
    fetchSpy.mockImplementation(async () => json(404, { exc_type: 'DoesNotExistError', exception: 'Item NOPE not found', _server_messages: '[]' }));
    renderApp(<GiftCheckout itemCode="NOPE" memberPoints={100} onRedeemed={() => {}} />, { queryClient, lang: 'th' });
    const said = await screen.findByRole('alert');
    expect(said.textContent).toBe('ไม่พบรายการนี้แล้ว อาจถูกนำออกไปแล้ว');
  });

  it('an earlier attempt left unknown is asked about when the screen opens, and a redemption that went through goes on', async () => {
    localStorage.setItem('pending-spends', JSON.stringify({ redeem: { key: 'k-earlier', body: '{}', at: 1 } }));
    const order = { name: 'ACC-SINV-2026-00007', grand_total: 0 };
    fetchSpy.mockImplementation(async () => json(200, { message: { status: 'done', http_status: 200, answer: { message: order } } }));
    const onRedeemed = vi.fn();
    renderApp(<GiftCheckout itemCode="GIFT-TOTE" memberPoints={100} onRedeemed={onRedeemed} />, { queryClient: seeded() });
    await waitFor(() => expect(onRedeemed).toHaveBeenCalledWith(order));
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]!.body))).toEqual({ key: 'k-earlier' });
    expect(pendingSpend('redeem')).toBeUndefined();
  });
});
