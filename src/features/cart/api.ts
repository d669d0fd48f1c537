import { isReward, type Item } from '@/entities/items';

export { itemsByCodeQuery as cartItemsQuery } from '@/entities/items';

/** The cart total: price_list_rate times quantity over the loaded items (and the points of rewards). */
export function cartTotals(items: Record<string, number>, loaded: readonly Item[]) {
  let baht = 0;
  let points = 0;
  for (const item of loaded) {
    const qty = items[item.item_code];
    if (!qty) continue;
    if (isReward(item)) points += (item.loyalty_points_based_price ?? 0) * qty;
    else baht += item.price_list_rate * qty;
  }
  return { baht: Math.round(baht * 100) / 100, points };
}
