import * as v from 'valibot';

/*
 * The address parameters of the back office's lists, apart from the screens: a route's validateSearch reads them,
 * and the route tree is in every page's first download, so nothing here may bring a screen along.
 */

export type Value = string | number;

/** A list's address parameter: optional, and a hand-edited value of the wrong kind is dropped (the default applies). */
const lenient = <S extends v.GenericSchema<unknown, Value>>(schema: S) => v.fallback(v.optional(schema), undefined);

/** A page: a whole number from 1. */
export const pageParam = lenient(v.pipe(v.number(), v.integer(), v.minValue(1)));
/** Text typed into a filter. The router reads `?q=123` as the number 123: a search for digits (a phone, a member number) is still text. */
export const textParam = lenient(v.pipe(v.union([v.string(), v.number()]), v.transform(String)));
/** A calendar day, YYYY-MM-DD. */
export const dayParam = lenient(v.pipe(v.string(), v.isoDate()));
/** One of a list's choices (a status, a sortable column). */
export const choiceParam = <T extends string>(options: readonly T[]) => lenient(v.picklist(options));
/** A sort's direction. */
export const dirParam = choiceParam(['asc', 'desc'] as const);
