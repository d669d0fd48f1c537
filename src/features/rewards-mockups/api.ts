import { queryOptions } from '@tanstack/react-query';
import { itemPageQuery, type Item } from '@/entities/items';
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

/** The gift redemption path of the reward (Gift group → gift checkout, else the reward detail). */
export const redeemTarget = (item: Pick<Item, 'item_group' | 'item_code' | 'name'>) =>
  item.item_group.includes('Gift') && item.item_group !== 'Gift Card'
    ? ({ to: '/$itemCode/gift-checkout', params: { itemCode: item.item_code } } as const)
    : ({ to: '/products/$id', params: { id: item.name } } as const);
