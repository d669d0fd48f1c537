/**
 * The panels over the checkout: choosing the (billing) address or the separate shipping address, the payment
 * method, and adding a card (over the payment panel). Each is an entry in the history (the route's ?panel=), so the
 * phone's Back closes it and the checkout underneath keeps what was chosen. Apart from the screen: the route's
 * search validation runs in the app's entry, which must not carry the checkout screen.
 */
export const CHECKOUT_PANELS = ['billing', 'shipping', 'payment', 'card'] as const;
export type CheckoutPanel = (typeof CHECKOUT_PANELS)[number];

/** The order summary and totals stay skeletons for the first second of /checkout, cached or not (no flicker). */
export const CHECKOUT_SKELETON_MS = 1000;
