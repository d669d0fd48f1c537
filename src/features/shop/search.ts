import * as v from 'valibot';

/*
 * The shop's filters, kept in the address (/shop?sort=…&price_min=…). Apart from the catalogue queries of ./api:
 * the /shop route reads them in its validateSearch, which runs in the app's entry, not in the route's own chunk.
 */

export const SORT_OPTIONS = ['recommended', 'best_seller', 'popular', 'price_desc', 'price_asc'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** The advanced filter's sections, as the catalogue's attribute values. */
export const TYPES = ['upper clothing', 'lower clothing', 'skirt', 'pants', 'shoes'] as const;
export const SIZES = ['36', '37', '38', '39', '40', '41'] as const;
export const COLOURS = ['orange', 'black', 'purple', 'green', 'brown'] as const;
export const PRICE_MIN = 0;
export const PRICE_MAX = 1000;

const list = <T extends readonly string[]>(values: T) =>
  v.optional(v.pipe(v.union([v.array(v.string()), v.string()]), v.transform((x) => (Array.isArray(x) ? x : [x])), v.filterItems((x) => (values as readonly string[]).includes(x))));
const price = v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.transform(Number))]), v.number(), v.minValue(PRICE_MIN), v.maxValue(PRICE_MAX)));

/** The shop's filters live in the address (/shop?sort=…&price_min=…), so every filter screen shares them. */
export const shopSearchSchema = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  sort: v.optional(v.picklist(SORT_OPTIONS)),
  type: list(TYPES),
  size: list(SIZES),
  colour: list(COLOURS),
  price_min: price,
  price_max: price,
});
export type ShopSearch = v.InferOutput<typeof shopSearchSchema>;

/** Bad or foreign values are dropped, never an error page. */
export function parseShopSearch(raw: Record<string, unknown>): ShopSearch {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shopSearchSchema.entries)) {
    const r = v.safeParse(schema, raw[key]);
    if (r.success && r.output !== undefined && !(Array.isArray(r.output) && r.output.length === 0)) out[key] = r.output;
  }
  return out as ShopSearch;
}

/** How many filters are set (the badge on the filter buttons). */
export const activeFilterCount = (s: ShopSearch) =>
  (s.type?.length ?? 0) + (s.size?.length ?? 0) + (s.colour?.length ?? 0) + (s.price_min !== undefined || s.price_max !== undefined ? 1 : 0);
