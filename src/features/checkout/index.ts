export { addressesQuery, branchesQuery, totalsQuery, usePlaceOrder, type DeliveryMethod, type OrderLine, type OrderResult } from './api';
export { CheckoutScreen } from './components/checkout-screen';
export { ThankYou } from './components/thank-you';
