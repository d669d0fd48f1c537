/** The tabs of the coupon lists, kept in the address by its route (apart from the screen, which the route loads later). */
export const COUPON_TABS = ['usable', 'used'] as const;
export type CouponTab = (typeof COUPON_TABS)[number];
