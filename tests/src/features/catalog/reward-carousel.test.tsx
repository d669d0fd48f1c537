import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { FIRST_CARDS, productListQuery, RewardCarousel } from '@/features/catalog';
import { renderApp, testQueryClient } from '../../render-app';
import { ItemSchema } from '../../../../contracts/catalog';

const items = Array.from({ length: 8 }, (_, i) =>
  v.parse(ItemSchema, { name: `GIFT-${i}`, item_code: `GIFT-${i}`, item_name: `Gift ${i}`, item_group: 'Gift', website_image: null, loyalty_points_based_price: 10 + i }),
);

describe('RewardCarousel', () => {
  it('draws the cards a phone shows with the row, and the ones off screen once the browser is idle', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(productListQuery({ rewardsOnly: true }).queryKey, { items, items_count: items.length, start: 0 });
    renderApp(<RewardCarousel title="Rewards" list={{ rewardsOnly: true }} />, { queryClient });
    expect(await screen.findByTestId('carousel-skeleton')).toBeTruthy();
    // The skeleton second, then the first cards alone in the row's first render…
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(FIRST_CARDS), { timeout: 2000, interval: 5 });
    // …and every card right after.
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(items.length), { timeout: 2000 });
  });
});
