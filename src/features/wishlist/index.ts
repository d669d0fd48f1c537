export { WISHLIST_TABS, type WishlistTab } from './tabs';
export { WishlistScreen } from './components/wishlist-screen';
export { WishlistToggle } from './components/wishlist-toggle';
export { useWishlist } from './store';
