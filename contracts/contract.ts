import type * as v from 'valibot';

/**
 * A method of the API as both sides know it: its dotted path, what it takes and what it answers. The server
 * declares the method with these (`args`, `returns`), and the app calls it only through the contract, so the
 * answer it reads is checked by the very schema the server's tests hold its answers to.
 */
export interface MethodContract<A extends v.GenericSchema = v.GenericSchema, R extends v.GenericSchema = v.GenericSchema> {
  readonly path: string;
  readonly args: A;
  readonly returns: R;
}

/** Marked free of side effects so that a bundle keeps only the contracts its code calls. */
/* @__NO_SIDE_EFFECTS__ */
export function methodContract<A extends v.GenericSchema, R extends v.GenericSchema>(path: string, args: A, returns: R): MethodContract<A, R> {
  return { path, args, returns };
}

/**
 * A method that answers with a reply of its own rather than `{"message": …}` (a redirect, a page, a CSV download):
 * no answer schema, and the app never calls it through `callMethod`.
 */
export interface RawMethodContract<A extends v.GenericSchema = v.GenericSchema> {
  readonly path: string;
  readonly args: A;
  readonly raw: true;
}

/* @__NO_SIDE_EFFECTS__ */
export function rawMethodContract<A extends v.GenericSchema>(path: string, args: A): RawMethodContract<A> {
  return { path, args, raw: true };
}

/**
 * A doctype over /api/resource: one document as a read answers it (a list row holds some of its fields), and the
 * fields the resource exposes (what `fields`, `filters` and `order_by` may name; the server's declaration takes
 * them from here, so a field the app may ask for is one the server serves).
 */
export interface DoctypeContract<D extends v.GenericSchema = v.GenericSchema, F extends string = string> {
  readonly doctype: string;
  readonly doc: D;
  readonly fields: readonly F[];
}

/* @__NO_SIDE_EFFECTS__ */
export function doctypeContract<D extends v.GenericSchema, const F extends string>(doctype: string, doc: D, fields: readonly F[]): DoctypeContract<D, F> {
  return { doctype, doc, fields };
}

export type ArgsOf<C extends MethodContract> = v.InferInput<C['args']>;
export type AnswerOf<C extends MethodContract> = v.InferOutput<C['returns']>;
export type DocOf<C extends DoctypeContract> = v.InferOutput<C['doc']>;

export const isMethodContract = (x: unknown): x is MethodContract =>
  typeof x === 'object' && x !== null && typeof (x as MethodContract).path === 'string' && 'args' in x && 'returns' in x;
export const isRawMethodContract = (x: unknown): x is RawMethodContract =>
  typeof x === 'object' && x !== null && typeof (x as RawMethodContract).path === 'string' && 'args' in x && (x as RawMethodContract).raw === true;
export const isDoctypeContract = (x: unknown): x is DoctypeContract =>
  typeof x === 'object' && x !== null && typeof (x as DoctypeContract).doctype === 'string' && 'doc' in x;
