export { useCart, cartCount, badgeText, migrateCart, cleanItems, syncCartAcrossTabs, CART_KEY, CART_VERSION, type DeliveryMethod, type CartState } from './store';
export { cartItemsQuery, cartTotals } from './api';
export { CartButton } from './components/cart-button';
export { HeaderCartButton } from './components/header-cart-button';
// The panel itself is loaded lazily by CartPanelMount (the root layout mounts it once).
export { CartPanelMount } from './components/cart-panel-mount';
