export { addressesQuery, branchesQuery, totalsQuery, usePlaceOrder, type DeliveryMethod, type OrderLine, type OrderResult } from './api';
export { CheckoutScreen, CHECKOUT_PANELS, CHECKOUT_SKELETON_MS, type CheckoutPanel } from './components/checkout-screen';
export { ThankYou } from './components/thank-you';
