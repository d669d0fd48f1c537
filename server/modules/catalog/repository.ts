import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { items } from '../../db/schema/catalog';
import { salesInvoiceItems } from '../../db/schema/orders';
import type { Sort } from '../../../contracts/catalog-query';

export type ItemRow = typeof items.$inferSelect;

export interface ItemQuery {
  where: SQL | undefined;
  sort: Sort;
  start: number;
  pageLength: number;
}

const listColumns = {
  name: items.name,
  item_code: items.item_code,
  item_name: items.item_name,
  item_group: items.item_group,
  website_image: items.website_image,
  description: items.description,
  price_list_rate: items.price_list_rate,
  loyalty_points_based_price: items.loyalty_points_based_price,
  item_schedule_start: items.item_schedule_start,
  item_schedule_end: items.item_schedule_end,
  tags: items.tags,
  attributes: items.attributes,
  in_stock: items.in_stock,
  stock_qty: items.stock_qty,
  per_member_limit: items.per_member_limit,
  eligible_tiers: items.eligible_tiers,
  creation: items.creation,
};

const soldQty = sql<number>`(select coalesce(sum(${salesInvoiceItems.qty}), 0) from ${salesInvoiceItems} where ${salesInvoiceItems.item_code} = ${items.item_code})`;

function orderFor(sort: Sort): SQL[] {
  switch (sort) {
    case 'price_asc': return [asc(items.price_list_rate), asc(items.name)];
    case 'price_desc': return [desc(items.price_list_rate), asc(items.name)];
    case 'newest': return [desc(items.creation), asc(items.name)];
    case 'popular': return [desc(items.popularity), asc(items.name)];
    case 'best_seller': return [sql`${soldQty} desc`, desc(items.popularity), asc(items.name)];
    case 'recommended':
    default:
      // Website Item "ranking": what the shop promotes first (popularity), newest among equals.
      return [desc(items.popularity), desc(items.creation), asc(items.name)];
  }
}

/** One page of published items and the number of all matches (one query: count(*) over the whole match). */
export async function findItems(db: Executor, q: ItemQuery) {
  const where = and(eq(items.published, true), q.where);
  const rows = await db
    .select({ ...listColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(items)
    .where(where)
    .orderBy(...orderFor(q.sort))
    .limit(q.pageLength)
    .offset(q.start);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(items).where(where);
    total = Number(c?.n ?? 0);
  }
  return { rows: rows.map(({ total: _t, ...r }) => r), total };
}

/** The attribute values and price range of the published items matching `where` (the shop's filter panel). */
export async function filterFacets(db: Executor, where: SQL | undefined) {
  const base = and(eq(items.published, true), where);
  const [attrs, range] = await Promise.all([
    db
      .selectDistinct({ value: sql<string>`unnest(${items.attributes})` })
      .from(items)
      .where(base),
    db
      .select({ min: sql<number>`coalesce(min(${items.price_list_rate}), 0)`, max: sql<number>`coalesce(max(${items.price_list_rate}), 0)` })
      .from(items)
      .where(base),
  ]);
  return { attributes: attrs.map((a) => a.value), min: Number(range[0]?.min ?? 0), max: Number(range[0]?.max ?? 0) };
}

export const conditions = {
  groupIn: (groups: string[]) => inArray(items.item_group, groups),
  codeIn: (codes: string[]) => inArray(items.item_code, codes),
  nameIn: (names: string[]) => inArray(items.name, names),
  tagsOverlap: (tags: string[]) => sql`${items.tags} && ${sql.param(tags)}::text[]`,
  attributesOverlap: (values: string[]) => sql`${items.attributes} && ${sql.param(values)}::text[]`,
  priceMin: (n: number) => gte(items.price_list_rate, n),
  priceMax: (n: number) => lte(items.price_list_rate, n),
  hasPoints: (flag: boolean) => (flag ? and(isNotNull(items.loyalty_points_based_price), sql`${items.loyalty_points_based_price} > 0`) : sql`coalesce(${items.loyalty_points_based_price}, 0) = 0`),
  inStock: (flag: boolean) => eq(items.in_stock, flag),
  search: (text: string) => {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return or(ilike(items.item_code, pattern), ilike(items.item_name, pattern), ilike(items.description, pattern), ilike(items.item_group, pattern));
  },
};

/** Items by code, for pricing an order (published or not: the caller decides what to refuse). */
export async function itemsByCode(db: Executor, codes: string[]): Promise<ItemRow[]> {
  if (codes.length === 0) return [];
  return db.select().from(items).where(inArray(items.item_code, codes));
}

/** Whether any order line refers to the item (then it may be unpublished, not deleted). */
export async function itemInUse(db: Executor, itemName: string): Promise<boolean> {
  const [row] = await db
    .select({ code: salesInvoiceItems.item_code })
    .from(salesInvoiceItems)
    .where(sql`${salesInvoiceItems.item_code} = (select ${items.item_code} from ${items} where ${items.name} = ${itemName})`)
    .limit(1);
  return Boolean(row);
}

