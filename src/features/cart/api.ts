import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { frappe } from '@/lib/frappe';

export const CartItemSchema = v.looseObject({
  name: v.string(),
  item_code: v.string(),
  item_name: v.string(),
  item_group: v.string(),
  website_image: v.optional(v.nullable(v.string()), null),
  price_list_rate: v.optional(v.number(), 0),
  formatted_price: v.optional(v.string(), ''),
  loyalty_points_based_price: v.optional(v.nullable(v.number()), null),
  in_stock: v.optional(v.boolean(), true),
});
export type CartItem = v.InferOutput<typeof CartItemSchema>;

/** The catalogue entries of the codes in the cart (one request, whatever the count). */
export const cartItemsQuery = (codes: readonly string[]) => {
  const sorted = [...codes].sort();
  return queryOptions({
    queryKey: ['catalog', 'cart-items', sorted] as const,
    queryFn: async ({ signal }) => {
      if (sorted.length === 0) return [] as CartItem[];
      const answer = await frappe.call(
        'erpnext.e_commerce.api.get_product_filter_data',
        { query_args: { field_filters: { item_code: sorted }, start: 0, page_length: 100 } },
        { signal, schema: v.looseObject({ items: v.array(CartItemSchema) }) },
      );
      return answer.items;
    },
    staleTime: 60 * 1000,
  });
};

/** The cart total: price_list_rate times quantity over the loaded items (and the points of rewards). */
export function cartTotals(items: Record<string, number>, loaded: readonly CartItem[]) {
  let baht = 0;
  let points = 0;
  for (const item of loaded) {
    const qty = items[item.item_code];
    if (!qty) continue;
    if ((item.loyalty_points_based_price ?? 0) > 0) points += (item.loyalty_points_based_price ?? 0) * qty;
    else baht += item.price_list_rate * qty;
  }
  return { baht: Math.round(baht * 100) / 100, points };
}
