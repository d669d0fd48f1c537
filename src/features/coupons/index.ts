export { COUPON_TABS, type CouponTab } from './tabs';
export { CouponList } from './components/coupon-list';
export { rewardOrdersQuery, couponsFrom, usableCount, isUsable, type Coupon } from './api';
