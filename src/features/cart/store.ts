import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';

/**
 * The cart: a map from item code to quantity, persisted in localStorage under the key 'cart'
 * (with a version and a migration from the original app's plain map), synced across tabs, plus the panel's
 * open flag and view (not persisted) and the delivery method chosen in the panel.
 */
export const CART_KEY = 'cart';
export const CART_VERSION = 1;
export const MAX_QTY = 99;

export type DeliveryMethod = 'delivery' | 'pickup';
export type CartView = 'list' | 'delivery';

export interface CartState {
  items: Record<string, number>;
  delivery: DeliveryMethod;
  isOpen: boolean;
  view: CartView;
  /** With a quantity: sets it; without: one more. */
  add: (itemCode: string, qty?: number) => void;
  remove: (itemCode: string) => void;
  reset: () => void;
  open: (view?: CartView) => void;
  close: () => void;
  setView: (view: CartView) => void;
  setDelivery: (delivery: DeliveryMethod) => void;
}

type Persisted = Pick<CartState, 'items' | 'delivery'>;

const clampQty = (n: number) => Math.max(1, Math.min(MAX_QTY, Math.floor(n)));

/** Keeps only positive whole quantities keyed by non-empty codes. */
export function cleanItems(raw: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [code, qty] of Object.entries(raw as Record<string, unknown>)) {
    const n = typeof qty === 'number' ? qty : Number(qty);
    if (code && Number.isFinite(n) && n >= 1) out[code] = clampQty(n);
  }
  return out;
}

/** Version 0 is the original app's shape ({cart: {code: qty}} or the bare map); 1 is {items, delivery}. */
export function migrateCart(persisted: unknown, version: number): Persisted {
  const state = (persisted ?? {}) as Record<string, unknown>;
  if (version < 1) {
    const map = 'cart' in state ? state.cart : 'items' in state ? state.items : state;
    return { items: cleanItems(map), delivery: 'delivery' };
  }
  return { items: cleanItems(state.items), delivery: state.delivery === 'pickup' ? 'pickup' : 'delivery' };
}

/** localStorage, reading a bare legacy map (no {state, version} envelope) as version 0. */
const storage: StateStorage = {
  getItem: (name) => {
    const raw = localStorage.getItem(name);
    if (raw === null) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && 'state' in parsed) return raw;
      return JSON.stringify({ state: parsed, version: 0 });
    } catch {
      return null;
    }
  },
  setItem: (name, value) => localStorage.setItem(name, value),
  removeItem: (name) => localStorage.removeItem(name),
};

export const useCart = create<CartState>()(
  persist(
    (set) => ({
      items: {},
      delivery: 'delivery',
      isOpen: false,
      view: 'list',
      add: (itemCode, qty) =>
        set((s) => ({ items: { ...s.items, [itemCode]: clampQty(qty ?? (s.items[itemCode] ?? 0) + 1) } })),
      remove: (itemCode) =>
        set((s) => {
          const { [itemCode]: _gone, ...rest } = s.items;
          return { items: rest };
        }),
      reset: () => set({ items: {} }),
      open: (view = 'list') => set({ isOpen: true, view }),
      close: () => set({ isOpen: false }),
      setView: (view) => set({ view }),
      setDelivery: (delivery) => set({ delivery }),
    }),
    {
      name: CART_KEY,
      version: CART_VERSION,
      storage: createJSONStorage(() => storage),
      partialize: (s): Persisted => ({ items: s.items, delivery: s.delivery }),
      migrate: (persisted, version) => migrateCart(persisted, version),
      merge: (persisted, current) => ({ ...current, ...migrateCart(persisted, CART_VERSION) }),
    },
  ),
);

/** Distinct items in the cart (the badge number). */
export const cartCount = (s: Pick<CartState, 'items'>) => Object.keys(s.items).length;

/** Badge text: the count, capped at 99+. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** Another tab changed the cart: read it again. */
export function syncCartAcrossTabs(): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (e: StorageEvent) => {
    if (e.key === CART_KEY || e.key === null) void useCart.persist.rehydrate();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
