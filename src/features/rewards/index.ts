export { RewardHome, type RewardMember } from './components/reward-home';
export { RewardsCatalog } from './components/rewards-catalog';
export { RewardDetail } from './components/reward-detail';
export { GiftsPromotions } from './components/gifts-promotions';
export { RedemptionSuccess } from './components/success';
export { rewardItemsQuery } from './api';
