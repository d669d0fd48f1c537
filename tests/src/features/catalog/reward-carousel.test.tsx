import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

  it("asks for the first cards' images during the skeleton second and draws them eager; the cards off screen stay lazy", async () => {
    const withImages = items.map((item, i) => ({ ...item, website_image: `/files/gift-${i}.jpg` }));
    const asked: string[] = [];
    vi.stubGlobal('Image', class {
      set src(value: string) {
        asked.push(value);
      }
    });
    try {
      const queryClient = testQueryClient();
      queryClient.setQueryData(productListQuery({ rewardsOnly: true }).queryKey, { items: withImages, items_count: withImages.length, start: 0 });
      renderApp(<RewardCarousel title="Rewards" list={{ rewardsOnly: true }} />, { queryClient });
      expect(await screen.findByTestId('carousel-skeleton')).toBeTruthy();
      await waitFor(() => expect(asked.map((src) => src.replace(/^.*\/files\//, ''))).toEqual(['gift-0.jpg', 'gift-1.jpg', 'gift-2.jpg']));
      await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(withImages.length), { timeout: 4000 });
      const loading = screen.getAllByTestId('product-card').map((card) => card.querySelector('img')!.getAttribute('loading'));
      expect(loading).toEqual([...Array(FIRST_CARDS).fill('eager'), ...Array(withImages.length - FIRST_CARDS).fill('lazy')]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
