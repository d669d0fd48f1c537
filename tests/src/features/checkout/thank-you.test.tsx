import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThankYou } from '@/features/checkout';
import * as v from 'valibot';
import { invoiceQuery } from '@/entities/orders';
import { OrderSchema } from '../../../../contracts/orders';
import { renderApp, stubFetchNeverAnswering, testQueryClient } from '../../render-app';

stubFetchNeverAnswering();

describe('/thankyou', () => {
  it('names the reward and the pickup branch of a redemption, and points to "My orders"', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(invoiceQuery('ACC-SINV-2026-00003').queryKey, v.parse(OrderSchema, {
      name: 'ACC-SINV-2026-00003',
      order_type: 'redemption',
      grand_total: 0,
      loyalty_points: 20,
      points_earned: 0,
      branch: 'Siam Square',
      posting_date: '2026-03-01',
      items: [{ item_code: 'GIFT-TUMBLER', item_name: 'Insulated tumbler', qty: 1 }],
    }));
    renderApp(<ThankYou orderId="ACC-SINV-2026-00003" amount={0} />, { queryClient });
    expect((await screen.findByTestId('thankyou-reward')).textContent).toBe('Insulated tumbler');
    expect(screen.getByTestId('thankyou-branch').textContent).toBe('Siam Square');
    expect(screen.getByText('Show the code under “My orders” to the branch staff to collect your reward.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/my rewards/i);
  });

  it('without an order shows the not-found state, not a thank-you with an empty number and ฿0.00', async () => {
    renderApp(<ThankYou orderId="" amount={0} />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText('Thank you for your order')).toBeNull();
    expect(document.body.textContent).not.toContain('฿ 0.00');
  });
});
