export { giftItemQuery, branchesQuery, useRedeem, type RedemptionResult, type GiftPayload } from './api';
export { GiftCheckout } from './components/gift-checkout';
