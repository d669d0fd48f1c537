import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppHeader } from '@/components/app-header';
import * as v from 'valibot';
import { CartButton, cartItemsQuery, HeaderCartButton, useCart } from '@/features/cart';
import { ItemSchema } from '../../../../contracts/catalog';
import { CartPanel } from '@/features/cart/components/cart-panel';
import { renderApp, testQueryClient } from '../../render-app';

const TEE = v.parse(ItemSchema, {
  name: 'TEE-GREEN',
  item_code: 'TEE-GREEN',
  item_name: 'Green tee',
  item_group: 'Products',
  website_image: null,
  price_list_rate: 199,
  formatted_price: '฿ 199.00',
  loyalty_points_based_price: null,
  in_stock: true,
});

const fetchSpy = vi.fn(() => new Promise<Response>(() => {}));

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchSpy);
  fetchSpy.mockClear();
  useCart.setState({ items: {}, delivery: 'delivery', isOpen: false, view: 'list' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const items = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`ITEM-${i}`, 1]));

describe('cart side panel', () => {
  it('disables Proceed while the cart is empty', async () => {
    useCart.setState({ isOpen: true });
    renderApp(<CartPanel />);
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getByText('Your cart is empty')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Proceed' })).toHaveProperty('disabled', true);
  });

  it('disables decrease at quantity 1, and enables it (and Proceed) once there is more', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(cartItemsQuery(['TEE-GREEN']).queryKey, [TEE]);
    useCart.setState({ items: { 'TEE-GREEN': 1 }, isOpen: true });
    renderApp(<CartPanel />, { queryClient });

    const line = await screen.findByTestId('cart-line');
    const decrease = within(line).getByRole('button', { name: 'Decrease Green tee' });
    expect(decrease).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Proceed' })).toHaveProperty('disabled', false);

    fireEvent.click(within(line).getByRole('button', { name: 'Increase Green tee' }));
    expect(within(line).getByTestId('cart-qty').textContent).toBe('2');
    expect(decrease).toHaveProperty('disabled', false);
    expect(screen.getByTestId('cart-total').textContent).toBe('฿ 398.00');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('cart button', () => {
  it('shows the count of distinct items, capped at 99+ above 99', async () => {
    useCart.setState({ items: items(99) });
    renderApp(<CartButton />);
    expect((await screen.findByTestId('cart-badge')).textContent).toBe('99');

    act(() => useCart.setState({ items: items(100) }));
    expect(screen.getByTestId('cart-badge').textContent).toBe('99+');
    expect(screen.getByRole('button', { name: 'Open the cart (100 items)' })).toBeTruthy();

    act(() => useCart.setState({ items: {} }));
    expect(screen.queryByTestId('cart-badge')).toBeNull();
  });

  it('opens the panel from the shared header, which steps aside while a screen has its own cart button', async () => {
    let setOwn: (own: boolean) => void = () => {};
    function Shell() {
      const [own, set] = useState(false);
      setOwn = set;
      return (
        <>
          <AppHeader actions={<HeaderCartButton />} />
          <main>{own ? <CartButton /> : null}</main>
        </>
      );
    }
    useCart.setState({ items: items(120) });
    renderApp(<Shell />);

    const inHeader = await screen.findByTestId('cart-button');
    expect(inHeader.closest('header')).not.toBeNull();
    expect(within(inHeader).getByTestId('cart-badge').textContent).toBe('99+');
    fireEvent.click(inHeader);
    expect(useCart.getState()).toMatchObject({ isOpen: true, view: 'list' });

    act(() => setOwn(true));
    const buttons = screen.getAllByTestId('cart-button');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.closest('main')).not.toBeNull();

    act(() => setOwn(false));
    expect(screen.getByTestId('cart-button').closest('header')).not.toBeNull();
  });
});
