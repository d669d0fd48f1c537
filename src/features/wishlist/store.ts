import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface WishlistState {
  /** Item names, newest first. */
  items: string[];
  toggle: (name: string) => void;
  remove: (name: string) => void;
  has: (name: string) => boolean;
}

/** The member's wishlist, kept on the device (localStorage 'wishlist') and shared across tabs. */
export const useWishlist = create<WishlistState>()(
  persist(
    (set, get) => ({
      items: [],
      toggle: (name) => set((s) => ({ items: s.items.includes(name) ? s.items.filter((x) => x !== name) : [name, ...s.items].slice(0, 200) })),
      remove: (name) => set((s) => ({ items: s.items.filter((x) => x !== name) })),
      has: (name) => get().items.includes(name),
    }),
    {
      name: 'wishlist',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ items: s.items }),
      migrate: (persisted) => {
        const items = (persisted as { items?: unknown })?.items;
        return { items: Array.isArray(items) ? items.filter((x): x is string => typeof x === 'string') : [] } as WishlistState;
      },
    },
  ),
);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === 'wishlist') void useWishlist.persist.rehydrate();
  });
}
