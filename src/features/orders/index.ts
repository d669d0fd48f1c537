export { couponState, invoiceQuery, ordersQuery, type Order, type CouponState } from '@/entities/orders';
export { useLiveOrders } from './live';
export { OrderList } from './components/order-list';
export { OrderDetails } from './components/order-details';
export { RewardOrderDetail, QR_COLLAPSED, QR_EXPANDED, SCROLL_THRESHOLD } from './components/reward-order-detail';
