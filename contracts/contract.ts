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

/** A doctype over /api/resource: one document as a read answers it (a list row holds some of its fields). */
export interface DoctypeContract<D extends v.GenericSchema = v.GenericSchema> {
  readonly doctype: string;
  readonly doc: D;
}

/* @__NO_SIDE_EFFECTS__ */
export function doctypeContract<D extends v.GenericSchema>(doctype: string, doc: D): DoctypeContract<D> {
  return { doctype, doc };
}

export type ArgsOf<C extends MethodContract> = v.InferInput<C['args']>;
export type AnswerOf<C extends MethodContract> = v.InferOutput<C['returns']>;
export type DocOf<C extends DoctypeContract> = v.InferOutput<C['doc']>;

export const isMethodContract = (x: unknown): x is MethodContract =>
  typeof x === 'object' && x !== null && typeof (x as MethodContract).path === 'string' && 'args' in x && 'returns' in x;
export const isDoctypeContract = (x: unknown): x is DoctypeContract =>
  typeof x === 'object' && x !== null && typeof (x as DoctypeContract).doctype === 'string' && 'doc' in x;
