import { queryOptions } from '@tanstack/react-query';
import { frappe } from '@/lib/frappe';
import { today } from '../../../contracts/business-day';

export interface RewardItem {
  name: string;
  item_code: string;
  item_name: string;
  item_group: string;
  website_image?: string | null;
  desc?: string;
  price_list_rate: number;
  formatted_price: string;
  loyalty_points_based_price: number;
  item_schedule_start?: string | null;
  item_schedule_end?: string | null;
  tags?: string[];
}

/** The schedule rule: with both dates set, an item shows only between them (business days, both included). */
export const onSchedule = (i: Pick<RewardItem, 'item_schedule_start' | 'item_schedule_end'>, now = today()) =>
  !(i.item_schedule_start && i.item_schedule_end) || (i.item_schedule_start <= now && now <= i.item_schedule_end);

/** The reward items (priced in points), most popular first, on schedule. */
export const rewardItemsQuery = () =>
  queryOptions({
    queryKey: ['rewards-mockups', 'items'] as const,
    queryFn: async ({ signal }) => {
      const data = await frappe.call<{ items: RewardItem[] }>(
        'erpnext.e_commerce.api.get_product_filter_data',
        { query_args: { field_filters: { loyalty_points_based_price: 1 }, sort: 'popular', page_length: 100 } },
        { signal },
      );
      return data.items.filter((i) => onSchedule(i));
    },
  });

/** The gift redemption path of the reward (Gift group → gift checkout, else the reward detail). */
export const redeemTarget = (item: Pick<RewardItem, 'item_group' | 'item_code' | 'name'>) =>
  item.item_group.includes('Gift') && item.item_group !== 'Gift Card'
    ? ({ to: '/$itemCode/gift-checkout', params: { itemCode: item.item_code } } as const)
    : ({ to: '/products/$id', params: { id: item.name } } as const);
