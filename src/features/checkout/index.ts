export { addressesQuery } from '@/entities/addresses';
export { branchesQuery } from '@/entities/branches';
export { checkoutTotalsQuery as totalsQuery, type DeliveryMethod, type OrderLine, type PlacedOrder as OrderResult } from '@/entities/orders';
export { usePlaceOrder } from '@/entities/orders/place-order';
export { CheckoutScreen } from './components/checkout-screen';
export { CHECKOUT_PANELS, CHECKOUT_SKELETON_MS, type CheckoutPanel } from './panels';
export { ThankYou } from './components/thank-you';
