export { WISHLIST_TABS, WishlistScreen, type WishlistTab } from './components/wishlist-screen';
export { WishlistToggle } from './components/wishlist-toggle';
export { useWishlist } from './store';
