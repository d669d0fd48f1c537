import type { ServerModule } from '../../frappe/module';
import { defineMethod, JsonText } from '../../frappe/methods';
import { itemDoctype } from './item-doctype';
import { cachedPage } from './page-cache';
import { productFilterData } from './service';
import { GET_PRODUCT_FILTER_DATA } from '../../../contracts/catalog';

/**
 * erpnext.e_commerce.api.get_product_filter_data (guests may read the catalogue). query_args as ERPNext
 * (field_filters, attribute_filters, item_group, start, from_filters, search) plus ours: sort, price_min,
 * price_max, page_length, with_filters. Older clients send those keys at the top level: accepted too.
 */
const getProductFilterData = defineMethod({
  ...GET_PRODUCT_FILTER_DATA,
  verbs: ['GET', 'POST'],
  allow: ['Guest'],
  handler: (ctx, query) =>
    cachedPage(ctx.db, JSON.stringify(query), async () => new JsonText(JSON.stringify(await productFilterData(ctx.db, query)))),
});

export const catalogModule: ServerModule = {
  name: 'catalog',
  methods: [getProductFilterData],
  doctypes: [itemDoctype],
};
