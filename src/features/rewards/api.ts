import { queryOptions } from '@tanstack/react-query';
import { itemPageQuery, redeemTarget as redeemRule, type Item } from '@/entities/items';
import { today } from '../../../contracts/business-day';

/** The schedule rule: with both dates set, an item shows only between them (business days, both included). */
export const onSchedule = (i: Pick<Item, 'item_schedule_start' | 'item_schedule_end'>, now = today()) =>
  !(i.item_schedule_start && i.item_schedule_end) || (i.item_schedule_start <= now && now <= i.item_schedule_end);

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
