import { useMemo } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { ratingsOf, type ProductRating } from './data';

export interface CartLine {
  key: string;
  productId: string;
  flavor: string | null;
  size: number;
  qty: number;
  unitPrice: number;
}

export interface Review {
  productId: string;
  name: string;
  rating: number;
  text: string;
  date: string;
}

interface MarketingState {
  cart: CartLine[];
  reviews: Review[];
  /** "Remember me": the username is prefilled next time. */
  rememberedUser: string;
  addToCart: (line: Omit<CartLine, 'key'>) => void;
  removeLine: (key: string) => void;
  clearCart: () => void;
  addReview: (review: Review) => void;
  setRememberedUser: (user: string) => void;
}

/** The marketing site's own cart and reviews, kept on this device (the products are sample data). */
export const useMarketingStore = create<MarketingState>()(
  persist(
    (set) => ({
      cart: [],
      reviews: [],
      rememberedUser: '',
      addToCart: (line) =>
        set((s) => {
          const key = `${line.productId}|${line.flavor ?? ''}|${line.size}`;
          const existing = s.cart.find((l) => l.key === key);
          const qty = Math.min(99, (existing?.qty ?? 0) + line.qty);
          return { cart: existing ? s.cart.map((l) => (l.key === key ? { ...l, qty } : l)) : [...s.cart, { ...line, key, qty }] };
        }),
      removeLine: (key) => set((s) => ({ cart: s.cart.filter((l) => l.key !== key) })),
      clearCart: () => set({ cart: [] }),
      addReview: (review) => set((s) => ({ reviews: [review, ...s.reviews].slice(0, 200) })),
      setRememberedUser: (rememberedUser) => set({ rememberedUser }),
    }),
    { name: 'marketing', version: 1, storage: createJSONStorage(() => localStorage) },
  ),
);

export const cartCount = (cart: readonly CartLine[]) => cart.reduce((n, l) => n + l.qty, 0);

/** Each product's rating from the reviews written on this device; products without reviews are absent. */
export function useProductRatings(): ReadonlyMap<string, ProductRating> {
  const reviews = useMarketingStore((s) => s.reviews);
  return useMemo(() => ratingsOf(reviews), [reviews]);
}
