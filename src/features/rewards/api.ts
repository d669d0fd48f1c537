import { queryOptions } from '@tanstack/react-query';
import { itemPageQuery, redeemTarget as redeemRule, type Item } from '@/entities/items';
import { onSchedule } from '../../../contracts/item-schedule';


/** The reward items (priced in points), most popular first, on schedule. */
export const rewardItemsQuery = () =>
  queryOptions({
    ...itemPageQuery({ field_filters: { loyalty_points_based_price: 1 }, sort: 'popular', page_length: 100 }),
    select: (page) => page.items.filter((i) => onSchedule(i)),
  });

/** Where the exchange button leads: a gift ('Gift', 'Gift Card') to its gift checkout, any other item to its product page. */
export const redeemTarget = (item: Pick<Item, 'item_group' | 'item_code' | 'name'>) =>
  redeemRule(item).kind === 'gift'
    ? ({ to: '/$itemCode/gift-checkout', params: { itemCode: item.item_code } } as const)
    : ({ to: '/products/$id', params: { id: item.name } } as const);
