export {
  GIFT, GIFT_CARD, isCardVisible, itemQuery, productListQuery, productPagesQuery, redeemConditionsQuery,
  redeemTarget, type ListArgs, type Item,
} from './api';
export { ProductCard, CARD_WIDTH } from './components/product-card';
export { FIRST_CARDS, RewardCarousel, SKELETON_MS } from './components/reward-carousel';
export { RewardDetail } from './components/reward-detail';
export { CategoryGrid } from './components/category-grid';
export { CATEGORY_GROUPS, type CategoryGroup } from './groups';
