import * as v from 'valibot';
import { and, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { validationError } from '../../frappe/errors';
import { FilterBudget } from '../../frappe/filters';
import { DEFAULT_PAGE_LENGTH, ProductQueryArgs } from '../../../contracts/catalog-query';
import { conditions, filterFacets, findItems, type ItemRow } from './repository';
import { formatBaht } from '../../../contracts/money';

export type QueryArgs = v.InferOutput<typeof ProductQueryArgs>;

const list = (value: unknown): string[] => {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.map((x) => String(x)).filter(Boolean);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  throw validationError('Filter values must be strings or lists of strings');
};
const flagOf = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/**
 * field_filters: ERPNext's {field: value | [values]} (a list means any of them), for the fields a shop
 * filters on. `loyalty_points_based_price: 1` (or 'set') keeps the rewards (items priced in points), 0 the rest.
 */
function fieldFilter(field: string, value: unknown, budget: FilterBudget): SQL | undefined {
  const values = list(value);
  budget.takeValues(values.length);
  if (values.length === 0) return undefined;
  switch (field) {
    case 'item_group': return conditions.groupIn(values);
    case 'item_code': return conditions.codeIn(values);
    case 'name': return conditions.nameIn(values);
    case 'tags': return conditions.tagsOverlap(values);
    case 'in_stock': return conditions.inStock(flagOf(values[0]));
    case 'loyalty_points_based_price': return conditions.hasPoints(values[0] === 'set' || flagOf(values[0]));
    default:
      throw validationError(`Field not permitted in query: ${field.slice(0, 60)} (doctype Item)`);
  }
}

/** attribute_filters {type: [...], size: [...], colour: [...]}: any value within an attribute, every attribute. */
function attributeFilter(attribute: string, value: string | string[], budget: FilterBudget): SQL | undefined {
  const values = list(value).map((x) => `${attribute}:${x}`);
  budget.takeValues(values.length);
  return values.length ? conditions.attributesOverlap(values) : undefined;
}

/** The item fields the app reads (ERPNext's web-item names), as the list and the detail give them. */
export function toWebItem(row: Pick<ItemRow, 'name' | 'item_code' | 'item_name' | 'item_group' | 'website_image' | 'description' | 'price_list_rate' | 'loyalty_points_based_price' | 'item_schedule_start' | 'item_schedule_end' | 'tags' | 'attributes' | 'in_stock' | 'stock_qty' | 'per_member_limit' | 'eligible_tiers'>) {
  const rate = Number(row.price_list_rate);
  return {
    name: row.name,
    web_item_name: row.item_name,
    item_code: row.item_code,
    item_name: row.item_name,
    item_group: row.item_group,
    website_image: row.website_image,
    desc: row.description,
    price_list_rate: rate,
    formatted_price: formatBaht(rate),
    currency: 'THB',
    loyalty_points_based_price: row.loyalty_points_based_price,
    item_schedule_start: row.item_schedule_start,
    item_schedule_end: row.item_schedule_end,
    tags: row.tags,
    attributes: row.attributes,
    in_stock: row.in_stock,
    // Ours: units left (null: not counted), the most one member may order, and the tiers that may redeem it.
    stock_qty: row.stock_qty,
    per_member_limit: row.per_member_limit,
    eligible_tiers: row.eligible_tiers,
    route: `products/${row.name}`,
  };
}

/** erpnext.e_commerce.api.get_product_filter_data: one page of the catalogue, its total and the facets. */
export async function productFilterData(db: Executor, args: QueryArgs) {
  const parts: (SQL | undefined)[] = [];
  const budget = new FilterBudget();
  if (args.item_group) parts.push(conditions.groupIn([args.item_group]));
  for (const [field, value] of Object.entries(args.field_filters ?? {})) parts.push(fieldFilter(field, value, budget));
  for (const [attribute, value] of Object.entries(args.attribute_filters ?? {})) parts.push(attributeFilter(attribute, value, budget));
  if (args.search) parts.push(conditions.search(args.search));
  const scope = and(...parts);
  const priced = and(
    scope,
    args.price_min !== undefined && args.price_min !== null ? conditions.priceMin(args.price_min) : undefined,
    args.price_max !== undefined && args.price_max !== null ? conditions.priceMax(args.price_max) : undefined,
  );
  const start = args.from_filters ? 0 : (args.start ?? 0);
  const { rows, total } = await findItems(db, {
    where: priced,
    sort: args.sort ?? 'recommended',
    start,
    pageLength: args.page_length ?? DEFAULT_PAGE_LENGTH,
  });
  let filters: Record<string, unknown> = {};
  if (args.with_filters) {
    const facets = await filterFacets(db, scope);
    const byAttribute: Record<string, string[]> = {};
    for (const pair of facets.attributes) {
      const i = pair.indexOf(':');
      if (i <= 0) continue;
      (byAttribute[pair.slice(0, i)] ??= []).push(pair.slice(i + 1));
    }
    filters = {
      attribute_filters: Object.entries(byAttribute).map(([attribute, values]) => ({ attribute, values: values.sort(sortValues) })),
      price_range: { min: facets.min, max: facets.max },
    };
  }
  return { items: rows.map(toWebItem), items_count: total, start, filters };
}

const sortValues = (a: string, b: string) => {
  const x = Number(a);
  const y = Number(b);
  return Number.isFinite(x) && Number.isFinite(y) ? x - y : a.localeCompare(b);
};
