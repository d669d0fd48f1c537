export { COUPON_TABS, CouponList, type CouponTab } from './components/coupon-list';
export { rewardOrdersQuery, couponsFrom, usableCount, isUsable, type Coupon } from './api';
