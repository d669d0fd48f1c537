import type { ServerModule } from '../../frappe/module';
import { defineMethod, JsonText } from '../../frappe/methods';
import { itemDoctype } from './item-doctype';
import { cachedPage } from './page-cache';
import { parseQueryArgs, productFilterData } from './service';
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
  async handler(ctx, args) {
    const { query_args, name: _name, ...topLevel } = args as Record<string, unknown>;
    const fromTop = Object.fromEntries(
      Object.entries(topLevel).filter(([k]) => ['search', 'field_filters', 'attribute_filters', 'item_group', 'start', 'from_filters'].includes(k)),
    );
    const base = typeof query_args === 'string' ? parseQueryArgs(query_args) : parseQueryArgs({ ...fromTop, ...(query_args as object | undefined) });
    return cachedPage(ctx.db, JSON.stringify(base), async () => new JsonText(JSON.stringify(await productFilterData(ctx.db, base))));
  },
});

export const catalogModule: ServerModule = {
  name: 'catalog',
  methods: [getProductFilterData],
  doctypes: [itemDoctype],
};
