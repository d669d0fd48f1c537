export { CouponList } from './components/coupon-list';
export { rewardOrdersQuery, couponsFrom, usableCount, isUsable, type RewardOrder, type Coupon } from './api';
