export { CouponList } from './components/coupon-list';
export { rewardOrdersQuery, couponsFrom, usableCount, isUsable, type Coupon } from './api';
