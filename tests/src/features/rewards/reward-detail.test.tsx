import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RewardDetail, rewardItemsQuery } from '@/features/rewards';
import * as v from 'valibot';
import { ItemSchema } from '../../../../contracts/catalog';
import { renderApp, stubFetchNeverAnswering, testQueryClient } from '../../render-app';

stubFetchNeverAnswering();

const item = (name: string, points: number, group = 'Gift') =>
  v.parse(ItemSchema, {
  name,
  item_code: name,
  item_name: `Reward ${name}`,
  item_group: group,
  price_list_rate: 100,
  formatted_price: '฿ 100.00',
  loyalty_points_based_price: points,
  });

function renderFor(itemName: string | undefined) {
  const queryClient = testQueryClient();
  // The list holds only rewards on their schedule: an expired one is not in it.
  const items = [item('GIFT-TOTE', 15), item('GIFT-TUMBLER', 20), item('CARD-500', 30, 'Gift Card'), item('TEE-1', 40, 'Clothing')];
  queryClient.setQueryData(rewardItemsQuery().queryKey, { items, items_count: items.length, start: 0 });
  renderApp(<RewardDetail itemName={itemName} points={100} />, { queryClient });
}

describe('/reward-details', () => {
  it('shows the reward asked for', async () => {
    renderFor('GIFT-TUMBLER');
    expect(await screen.findByRole('heading', { name: 'Reward GIFT-TUMBLER' })).toBeTruthy();
  });

  it('says not found for an unknown or expired reward, with no other reward and no redeem link in its place', async () => {
    renderFor('GIFT-SOCKS');
    expect(await screen.findByTestId('reward-not-found')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Reward GIFT-/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /exchange/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'See all rewards' }).getAttribute('href')).toBe('/reward');
  });

  it('leads a gift to its gift checkout', async () => {
    renderFor('GIFT-TOTE');
    expect((await screen.findByRole('link', { name: /exchange/i })).getAttribute('href')).toBe('/GIFT-TOTE/gift-checkout');
  });

  it('leads a gift card to its gift checkout', async () => {
    renderFor('CARD-500');
    expect((await screen.findByRole('link', { name: /exchange/i })).getAttribute('href')).toBe('/CARD-500/gift-checkout');
  });

  it('leads an item outside the gift groups to its product page', async () => {
    renderFor('TEE-1');
    expect((await screen.findByRole('link', { name: /exchange/i })).getAttribute('href')).toBe('/products/TEE-1');
  });
});
