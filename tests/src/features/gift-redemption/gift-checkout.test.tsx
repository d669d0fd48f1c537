import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { branchesQuery, giftItemQuery, GiftCheckout } from '@/features/gift-redemption';
import { renderApp, stubFetchNeverAnswering, testQueryClient } from '../../render-app';

const ITEM = { name: 'GIFT-TOTE', item_code: 'GIFT-TOTE', item_name: 'Tote bag', item_group: 'Gift', website_image: null, loyalty_points_based_price: 20 };

function seeded() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(giftItemQuery('GIFT-TOTE').queryKey, ITEM);
  queryClient.setQueryData(branchesQuery().queryKey, [{ name: 'Siam Square' }]);
  return queryClient;
}

// The redemption call never answers: the screen stays in its submitting state for the test to look at.
const fetchSpy = stubFetchNeverAnswering();

afterEach(() => {
});

async function renderGift(memberPoints: number) {
  renderApp(<GiftCheckout itemCode="GIFT-TOTE" memberPoints={memberPoints} onRedeemed={() => {}} />, { queryClient: seeded() });
  await screen.findByText('Tote bag');
  return {
    branch: screen.getByRole('combobox', { name: 'Branch to collect the reward' }) as HTMLSelectElement,
    redeem: screen.getByRole('button', { name: 'redeem using 20 points' }) as HTMLButtonElement,
  };
}

const chooseBranch = (select: HTMLSelectElement) => fireEvent.change(select, { target: { value: 'Siam Square' } });

describe('gift redemption checkout', () => {
  it("says 'please choose a branch' once the selector is left on its placeholder", async () => {
    const { branch } = await renderGift(100);
    expect(branch.value).toBe('');
    expect(within(branch).getByRole('option', { name: 'choose branch' })).toBeTruthy();
    expect(screen.queryByText('please choose a branch')).toBeNull();

    fireEvent.blur(branch);
    expect(screen.getByText('please choose a branch')).toBeTruthy();

    chooseBranch(branch);
    expect(screen.queryByText('please choose a branch')).toBeNull();
  });

  it("disables 'redeem using N points' until a branch is chosen", async () => {
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
    expect(within(dialog).getByText('confirm reward redemption')).toBeTruthy();
    expect(within(dialog).getByText('after pressing confirm you can keep it for later use')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('confirm reward redemption')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows 'system is redeeming, please wait' with a spinner, and cannot be dismissed while submitting", async () => {
    const { branch, redeem } = await renderGift(100);
    chooseBranch(branch);
    fireEvent.click(redeem);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('system is redeeming, please wait');
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
    expect(screen.getByText('system is redeeming, please wait')).toBeTruthy();
  });
});
