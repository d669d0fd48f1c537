import * as v from 'valibot';

/**
 * Argument pieces shared by the back-office contracts. A GET sends every value as a string (`?start=20`), a POST
 * as JSON: numbers and flags accept both forms. Each takes the sentence the caller sees when the value is wrong.
 */

/** A whole number, from a JSON number or a string of digits. */
export const wholeNumber = (message: string) =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.regex(/^[-+]?\d{1,12}$/, message), v.transform(Number))], message),
    v.integer(message),
  );

/** A whole number from `min` to `max`. */
export const boundedNumber = (min: number, max: number, message: string) =>
  v.pipe(wholeNumber(message), v.minValue(min, message), v.maxValue(max, message));

/** A yes/no flag: true/false, 1/0, '1'/'0', 'true'/'false'. */
export const yesNo = (message: string) =>
  v.pipe(
    v.union([v.boolean(), v.picklist([0, 1]), v.picklist(['0', '1', 'true', 'false'])], message),
    v.transform((x) => x === true || x === 1 || x === '1' || x === 'true'),
  );

/** Text that must be there (trimmed, 1..max characters); absent, empty and wrongly typed give the same sentence. */
export const requiredText = (message: string, max: number, tooLong = message) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.minLength(1, message), v.maxLength(max, tooLong));

/** Optional text (trimmed, at most max characters); null and '' mean "not given". */
export const optionalText = (max: number, tooLong: string) =>
  v.optional(v.nullable(v.pipe(v.string(tooLong), v.trim(), v.maxLength(max, tooLong))));

/**
 * A version of the privacy notice (contracts/privacy.ts): what a sign-in sends as `privacy_version`, the version
 * the member read in the modal.
 */
export const noticeVersionArg = () => boundedNumber(1, 1_000_000, 'Unknown privacy notice version');

/** A list's filter on a name or a status: optional text of at most 140 characters. */
export const filterText = (label: string) => optionalText(140, `${label} must be at most 140 characters`);

/** A list's search text: trimmed, at most 200 characters; absent is ''. */
export const searchText = () => v.optional(v.pipe(v.string('Search must be text'), v.trim(), v.maxLength(200, 'Search is too long')), '');

/** A page of a list: where it starts and how long it is. */
export const pageArgs = (maxLimit: number) => ({
  start: v.optional(boundedNumber(0, 1_000_000_000, 'start must be a whole number, 0 or more')),
  limit: v.optional(boundedNumber(1, maxLimit, `limit must be a whole number from 1 to ${maxLimit}`)),
});

/** A method that takes no arguments (any sent are ignored, as Frappe does). */
export const noArgs = v.looseObject({});

/** Frappe sends numbers and flags as strings in query strings: these accept both forms. */
export const numeric = () =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/), v.transform(Number))]),
    v.finite(),
  );
export const flag = () =>
  v.pipe(
    v.union([v.literal(0), v.literal(1), v.literal('0'), v.literal('1'), v.boolean()]),
    v.transform((x) => (x === 1 || x === '1' || x === true ? 1 : 0)),
  );

/** The furthest any list may be paged: well past any real list, far inside PostgreSQL's bigint offsets. */
export const MAX_OFFSET = 1_000_000;

/** A paging offset (`start`, `limit_start`): a whole number from 0 to MAX_OFFSET. */
export const offsetArg = () =>
  v.pipe(numeric(), v.integer('must be a whole number'), v.minValue(0, 'must not be negative'), v.maxValue(MAX_OFFSET, `must be at most ${MAX_OFFSET}`));

/** Whether a value (or any key or value inside it) holds a NUL character, which PostgreSQL text cannot store. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 20) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

export const NUL_REFUSAL = 'The request contains a character that is not allowed (NUL).';
