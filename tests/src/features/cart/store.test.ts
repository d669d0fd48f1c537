import { beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { badgeText, cartCount, CART_KEY, migrateCart, syncCartAcrossTabs, useCart } from '@/features/cart';
import { cartTotals } from '@/features/cart';
import { ItemSchema } from '../../../../contracts/catalog';

beforeEach(() => {
  localStorage.clear();
  useCart.setState({ items: {}, delivery: 'delivery', isOpen: false, view: 'list' });
});

describe('cart store', () => {
  it("adds one more without a quantity, sets an explicit quantity, removes, resets, counts distinct items", () => {
    const { add, remove, reset } = useCart.getState();
    add('TEE-GREEN');
    add('TEE-GREEN');
    add('GIFT-TOTE', 5);
    expect(useCart.getState().items).toEqual({ 'TEE-GREEN': 2, 'GIFT-TOTE': 5 });
    expect(cartCount(useCart.getState())).toBe(2);
    remove('GIFT-TOTE');
    expect(useCart.getState().items).toEqual({ 'TEE-GREEN': 2 });
    reset();
    expect(cartCount(useCart.getState())).toBe(0);
  });

  it("persists items and delivery (not the panel state) under 'cart' with a version", () => {
    useCart.getState().add('TEE-GREEN', 3);
    useCart.getState().open();
    const stored = JSON.parse(localStorage.getItem(CART_KEY)!);
    expect(stored).toEqual({ state: { items: { 'TEE-GREEN': 3 }, delivery: 'delivery' }, version: 1 });
  });

  it("migrates the original app's cart (a bare map or {cart}) and drops bad quantities", async () => {
    expect(migrateCart({ cart: { A: 2, B: '3', C: 0, D: 'x' } }, 0)).toEqual({ items: { A: 2, B: 3 }, delivery: 'delivery' });
    localStorage.setItem(CART_KEY, JSON.stringify({ 'TEE-GREEN': 4 }));
    await useCart.persist.rehydrate();
    expect(useCart.getState().items).toEqual({ 'TEE-GREEN': 4 });
  });

  it('follows a change made in another tab (storage event)', async () => {
    const stop = syncCartAcrossTabs();
    localStorage.setItem(CART_KEY, JSON.stringify({ state: { items: { OTHER: 1 }, delivery: 'pickup' }, version: 1 }));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_KEY }));
    await new Promise((r) => setTimeout(r, 0));
    expect(useCart.getState().items).toEqual({ OTHER: 1 });
    expect(useCart.getState().delivery).toBe('pickup');
    stop();
  });

  it('caps the badge at 99+ and totals baht and points of the loaded items', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    const loaded = [
      v.parse(ItemSchema, { name: 'A', item_code: 'A', item_name: 'A', item_group: 'Clothing', website_image: null, price_list_rate: 199, formatted_price: '', loyalty_points_based_price: null, in_stock: true }),
      v.parse(ItemSchema, { name: 'G', item_code: 'G', item_name: 'G', item_group: 'Gift', website_image: null, price_list_rate: 290, formatted_price: '', loyalty_points_based_price: 20, in_stock: true }),
    ];
    expect(cartTotals({ A: 2, G: 1, MISSING: 3 }, loaded)).toEqual({ baht: 398, points: 20 });
  });
});
