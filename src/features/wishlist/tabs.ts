/** The tabs of the wishlist, kept in the address by its route (apart from the screen, which the route loads later). */
export const WISHLIST_TABS = ['all', 'in', 'out'] as const;
export type WishlistTab = (typeof WISHLIST_TABS)[number];
