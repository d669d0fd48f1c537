import * as v from 'valibot';
import { hasNul, NUL_REFUSAL, numeric, offsetArg } from './args';

/**
 * query_args of get_product_filter_data, which its service checks (the method itself takes it as it comes, a JSON
 * string or an object). Apart from contracts/catalog.ts so the app, which only needs its type, does not load it.
 */

export const SORTS = ['recommended', 'best_seller', 'popular', 'price_asc', 'price_desc', 'newest'] as const;
export type Sort = (typeof SORTS)[number];

export const DEFAULT_PAGE_LENGTH = 20;
export const MAX_PAGE_LENGTH = 100;

const stringOrList = v.union([
  v.pipe(v.string(), v.maxLength(200)),
  v.pipe(v.array(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), v.maxLength(200)),
]);
const truthy = v.pipe(
  v.union([v.boolean(), v.number(), v.string()]),
  v.transform((x) => x === true || x === 1 || x === '1' || x === 'true'),
);

/** query_args: ERPNext's keys, plus ours (sort, price range, page length, facets). */
export const ProductQueryArgs = v.object({
  search: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
  /** item_group, item_code, name, tags, in_stock, loyalty_points_based_price (1: rewards only, 0: the rest). */
  field_filters: v.optional(v.nullable(v.record(v.string(), v.unknown()))),
  /** {type, size, colour: [values]}: any value within one attribute, every attribute together. */
  attribute_filters: v.optional(v.nullable(v.record(v.pipe(v.string(), v.maxLength(60)), stringOrList))),
  item_group: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(140)))),
  start: v.optional(v.nullable(offsetArg())),
  from_filters: v.optional(v.nullable(truthy)),
  sort: v.optional(v.nullable(v.picklist(SORTS, 'sort must be one of recommended, best_seller, popular, price_asc, price_desc, newest'))),
  price_min: v.optional(v.nullable(numeric())),
  price_max: v.optional(v.nullable(numeric())),
  page_length: v.optional(v.nullable(v.pipe(numeric(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGE_LENGTH)))),
  with_filters: v.optional(v.nullable(truthy)),
});
export type ProductQuery = v.InferInput<typeof ProductQueryArgs>;

/** ERPNext's keys that older clients send at the top level rather than inside query_args. */
const TOP_LEVEL_KEYS = ['search', 'field_filters', 'attribute_filters', 'item_group', 'start', 'from_filters'];
const NOT_AN_OBJECT = 'query_args must be a JSON object';

/**
 * get_product_filter_data's arguments: query_args as an object or a JSON string, or ERPNext's keys at the top level
 * (inside query_args wins), read as one ProductQueryArgs.
 */
export const ProductFilterArgs = v.pipe(
  v.looseObject({ query_args: v.optional(v.custom<ProductQuery | string>(() => true)) }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const { query_args, ...top } = dataset.value as Record<string, unknown>;
    if (typeof query_args !== 'string') {
      const fromTop = Object.fromEntries(Object.entries(top).filter(([k]) => TOP_LEVEL_KEYS.includes(k)));
      return { ...fromTop, ...(query_args as object | undefined) } as unknown;
    }
    let parsed: unknown;
    try {
      parsed = query_args.trim() ? JSON.parse(query_args) : {};
    } catch {
      addIssue({ message: NOT_AN_OBJECT });
      return NEVER;
    }
    // Checked after decoding: the escape `\u0000` is six harmless characters until JSON.parse makes it a NUL.
    if (hasNul(parsed)) addIssue({ message: NUL_REFUSAL });
    else if (typeof parsed !== 'object' || Array.isArray(parsed)) addIssue({ message: NOT_AN_OBJECT });
    else return parsed;
    return NEVER;
  }),
  ProductQueryArgs,
);
