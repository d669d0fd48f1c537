import { itemPageQuery, itemPagesQuery, type Item, type ProductQuery } from '@/entities/items';
import { today } from '../../../contracts/business-day';
import { onSchedule } from '../../../contracts/item-schedule';

export { itemQuery, redeemConditionsQuery, redeemTarget } from '@/entities/items';
export type { Item } from '@/entities/items';

export const GIFT = 'Gift';
export const GIFT_CARD = 'Gift Card';

export interface ListArgs {
  /** Only items in this item group. */
  itemGroup?: string;
  /** Only rewards (items priced in points). */
  rewardsOnly?: boolean;
}

function listQuery(args: ListArgs): ProductQuery {
  return {
    item_group: args.itemGroup ?? '',
    field_filters: args.rewardsOnly ? { loyalty_points_based_price: 1 } : {},
    attribute_filters: {},
    from_filters: false,
  };
}

/** The first page of a product list (the home carousels). */
export const productListQuery = (args: ListArgs) => itemPageQuery({ ...listQuery(args), start: 0 });

/** A product list page by page (/categories). */
export const productPagesQuery = (args: ListArgs) => itemPagesQuery(listQuery(args), { staleTime: 5 * 60 * 1000 });

/**
 * A card is hidden when the item has tags and they lack the selected display tag, or when both
 * schedule dates exist and now lies outside them (the end day counts in full).
 */
export function isCardVisible(item: Pick<Item, 'tags' | 'item_schedule_start' | 'item_schedule_end'>, displayTag: string | undefined, now: Date = new Date()): boolean {
  if (displayTag && item.tags && item.tags.length > 0 && !item.tags.includes(displayTag)) return false;
  return onSchedule(item, today(now));
}

