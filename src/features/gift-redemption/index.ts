export { itemQuery as giftItemQuery } from '@/entities/items';
export { branchesQuery } from '@/entities/branches';
export { GiftCheckout } from './components/gift-checkout';
