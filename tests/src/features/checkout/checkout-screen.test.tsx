import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { useCart } from '@/features/cart';
import { addressesQuery, CheckoutScreen, totalsQuery, type OrderLine } from '@/features/checkout';
import { resetOnlineForTests } from '@/lib/online';
import { renderApp, renderAppAt, stubFetchNeverAnswering, testQueryClient } from '../../render-app';
import { AddressDocSchema } from '../../../../contracts/addresses';

const lines: OrderLine[] = [{ item_code: 'TEE-GREEN', qty: 2 }];

const totals = {
  items: [{ item_code: 'TEE-GREEN', item_name: 'Green tee', image: null, qty: 2, amount: 398, formatted_amount: '฿ 398.00', loyalty_points: 0 }],
  total: 398,
  shipping_fee: 59,
  discount_amount: 99,
  grand_total: 358,
  formatted_total: '฿ 398.00',
  formatted_shipping_fee: '฿ 59.00',
  formatted_discount_amount: '฿ 99.00',
  formatted_grand_total: '฿ 358.00',
  loyalty_points: 0,
  points_to_earn: 149,
};

/** A client that already knows the totals and that the member has no saved address. */
function seeded() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(totalsQuery(lines, 'delivery').queryKey, totals);
  queryClient.setQueryData(addressesQuery().queryKey, []);
  return queryClient;
}

const fetchSpy = stubFetchNeverAnswering();

afterEach(() => {
  useCart.setState({ items: {}, delivery: 'delivery' });
  resetOnlineForTests(true);
});

describe('checkout screen', () => {
  it("says 'Please select an address' on submit with no address chosen, and sends nothing", async () => {
    renderApp(<CheckoutScreen header={null} lines={lines} delivery="delivery" onDeliveryChange={() => {}} onPlaced={() => {}} onOpenPanel={() => {}} onClosePanel={() => {}} />, { queryClient: seeded() });
    const hint = await screen.findByTestId('select-address');
    expect(hint).toHaveProperty('textContent', 'Please select an address');
    const place = screen.getByRole('button', { name: 'Place order' });
    expect(place).toHaveProperty('disabled', false);

    expect(hint.getAttribute('style')).not.toContain('red');

    fireEvent.click(place);
    // The same sentence, now in red as the error of the empty address; no order went out.
    const error = screen.getByTestId('select-address');
    expect(error).toHaveProperty('textContent', 'Please select an address');
    expect(error.getAttribute('style')).toContain('--mantine-color-red-9');
    expect(screen.queryByTestId('order-error')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('keeps the summary and totals as skeletons while told to, even with the totals in the cache', async () => {
    const props = { header: null, lines, delivery: 'delivery' as const, onDeliveryChange: () => {}, onPlaced: () => {}, onOpenPanel: () => {}, onClosePanel: () => {} };
    const view = renderApp(<CheckoutScreen {...props} skeleton />, { queryClient: seeded() });
    expect(await screen.findByTestId('summary-skeleton')).toBeTruthy();
    expect(screen.getByTestId('totals-skeleton')).toBeTruthy();
    expect(screen.queryByText('Green tee')).toBeNull();
    expect(screen.getByRole('button', { name: 'Place order' })).toHaveProperty('disabled', true);

    view.unmount();
    renderApp(<CheckoutScreen {...props} />, { queryClient: seeded() });
    expect(await screen.findByText('Green tee')).toBeTruthy();
    expect(screen.getByTestId('grand-total').textContent).toBe('฿ 358.00');
  });

  it('/checkout shows its skeleton for the first second, then the order', async () => {
    useCart.setState({ items: { 'TEE-GREEN': 2 }, delivery: 'delivery' });
    const started = Date.now();
    renderAppAt('/checkout', { queryClient: seeded() });
    expect(await screen.findByTestId('summary-skeleton')).toBeTruthy();
    expect(screen.queryByText('Green tee')).toBeNull();

    await waitFor(() => expect(screen.getByText('Green tee')).toBeTruthy(), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(screen.queryByTestId('summary-skeleton')).toBeNull();
  });

  it('offline, placing the order is disabled and says why; nothing is sent', async () => {
    resetOnlineForTests(false);
    const queryClient = seeded();
    queryClient.setQueryData(addressesQuery().queryKey, [
      v.parse(AddressDocSchema, { name: 'ADDR-1', address_title: 'Home', first_name: 'Somjai', last_name: 'Jaidee', address_line1: '1 Sukhumvit', address_line2: '', city: 'Khlong Toei', state: 'Bangkok', country: 'Thailand', pincode: '10110', phone: '', is_primary_address: 1, is_shipping_address: 0 }),
    ]);
    renderApp(<CheckoutScreen header={null} lines={lines} delivery="delivery" onDeliveryChange={() => {}} onPlaced={() => {}} onOpenPanel={() => {}} onClosePanel={() => {}} />, { queryClient });
    const place = await screen.findByRole('button', { name: 'Place order' });
    expect(place).toHaveProperty('disabled', true);
    expect(screen.getByTestId('order-offline').textContent).toBe("You're offline. Connect to the internet to place your order.");
    fireEvent.click(place);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("the phone's Back closes a panel and keeps the address chosen, instead of leaving the checkout (bug)", async () => {
    useCart.setState({ items: { 'TEE-GREEN': 2 }, delivery: 'delivery' });
    const queryClient = seeded();
    const address = (name: string, line: string, primary: 0 | 1) => v.parse(AddressDocSchema, {
      name, address_title: name, first_name: 'Somjai', last_name: 'Jaidee', address_line1: line, address_line2: '', city: 'Khlong Toei',
      state: 'Bangkok', country: 'Thailand', pincode: '10110', phone: '', is_primary_address: primary, is_shipping_address: 0,
    });
    queryClient.setQueryData(addressesQuery().queryKey, [address('ADDR-1', '1 Sukhumvit', 1), address('ADDR-2', '9 Silom', 0)]);
    const { router } = renderAppAt('/', { queryClient });
    await act(() => router.navigate({ to: '/checkout' }));
    const chosen = () => screen.getByTestId('choose-address').textContent ?? '';
    await waitFor(() => expect(chosen()).toContain('1 Sukhumvit'));

    // Another address, chosen in its panel: the checkout shows it.
    fireEvent.click(screen.getByTestId('choose-address'));
    await waitFor(() => expect(router.state.location.search).toEqual({ panel: 'billing' }));
    fireEvent.click(await screen.findByRole('radio', { name: /9 Silom/ }));
    await waitFor(() => expect(router.state.location.href).toBe('/checkout'));
    await waitFor(() => expect(chosen()).toContain('9 Silom'));

    // The payment panel, then the phone's Back: the checkout again, with the address chosen.
    fireEvent.click(screen.getByRole('button', { name: /Bank transfer/ }));
    await screen.findByRole('heading', { level: 1, name: 'Payment method' });
    await act(() => router.history.back());
    await waitFor(() => expect(router.state.location.href).toBe('/checkout'));
    expect(chosen()).toContain('9 Silom');

    // The address panel, then Back: still the checkout, not the page before it.
    fireEvent.click(screen.getByTestId('choose-address'));
    await screen.findByRole('radio', { name: /9 Silom/ });
    await act(() => router.history.back());
    await waitFor(() => expect(router.state.location.href).toBe('/checkout'));
    expect(chosen()).toContain('9 Silom');
  });
});
