import { describe, expect, it } from 'vitest';
import { shopQueryArgs } from '@/features/shop/api';
import { parseShopSearch } from '@/features/shop/search';

describe('shop filters in the address', () => {
  it('keeps known values and drops the rest instead of failing', () => {
    expect(
      parseShopSearch({ sort: 'price_asc', type: 'shoes', size: ['38', '99'], colour: ['black', 'pink'], price_min: '300', price_max: 5000, junk: 1 }),
    ).toEqual({ sort: 'price_asc', type: ['shoes'], size: ['38'], colour: ['black'], price_min: 300 });
    expect(parseShopSearch({ sort: 'cheapest', size: ['99'] })).toEqual({});
  });

  it('turns them into get_product_filter_data query_args (products only, attribute filters, price range)', () => {
    expect(shopQueryArgs({ type: ['skirt'], colour: ['black'], price_min: 300, price_max: 500, sort: 'price_desc' })).toMatchObject({
      field_filters: { loyalty_points_based_price: 0 },
      attribute_filters: { type: ['skirt'], colour: ['black'] },
      price_min: 300,
      price_max: 500,
      sort: 'price_desc',
    });
    expect(shopQueryArgs({}).sort).toBe('recommended');
  });
});
