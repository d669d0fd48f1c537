import * as v from 'valibot';
import type { AnswerOf, ArgsOf, DoctypeContract, DocOf, MethodContract, RawMethodContract } from '../../contracts/contract';
import { frappe, type Filters, type GetListArgs, type HttpVerb, type UploadFileArgs, type UploadOptions } from './frappe';

/*
 * The only way the app's data layer reaches the server: every call names its contract, so every answer is
 * validated by the schema the server declares (and its tests check). A method or doctype without a contract
 * cannot be called from here; src/lib/frappe.ts stays the plain Frappe client underneath.
 */

export interface MethodOptions {
  /** GET (default) and DELETE send the args as query params, POST and PUT as a JSON body. */
  verb?: HttpVerb;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export function callMethod<C extends MethodContract>(contract: C, args: ArgsOf<C>, opts: MethodOptions = {}): Promise<AnswerOf<C>> {
  return frappe.call(contract.path, args as Record<string, unknown>, { ...opts, schema: contract.returns as v.GenericSchema<unknown, AnswerOf<C>> });
}

/**
 * A GET method that answers with a document of its own (a JSON download such as export_my_data), read whole and
 * checked with `schema`, so a screen can save it as a file or show the server's refusal.
 */
export function callRawMethod<C extends RawMethodContract, R extends v.GenericSchema>(
  contract: C,
  args: v.InferInput<C['args']>,
  schema: R,
  opts: { signal?: AbortSignal } = {},
): Promise<v.InferOutput<R>> {
  return frappe.callRaw(contract.path, args as Record<string, unknown>, { ...opts, schema: schema as v.GenericSchema<unknown, v.InferOutput<R>> });
}

type Doc<C extends DoctypeContract> = DocOf<C>;
const docSchema = <C extends DoctypeContract>(c: C) => c.doc as v.GenericSchema<unknown, Doc<C>>;

/** One document; `doc` of the contract validates it. */
export function getDocOf<C extends DoctypeContract>(contract: C, name: string, opts: { signal?: AbortSignal } = {}): Promise<Doc<C>> {
  return frappe.getDoc(contract.doctype, name, { ...opts, schema: docSchema(contract) });
}

/** A list; each row is validated by the contract's document schema (whose fields a list may leave out are optional). */
export function getListOf<C extends DoctypeContract>(contract: C, args: GetListArgs = {}, opts: { signal?: AbortSignal } = {}): Promise<Doc<C>[]> {
  return frappe.getList(contract.doctype, args, { ...opts, schema: v.array(docSchema(contract)) });
}

export function createDocOf<C extends DoctypeContract>(contract: C, doc: Record<string, unknown>, opts: { idempotencyKey?: string } = {}): Promise<Doc<C>> {
  return frappe.createDoc(contract.doctype, doc, { ...opts, schema: docSchema(contract) });
}

export function updateDocOf<C extends DoctypeContract>(contract: C, name: string, patch: Record<string, unknown>, opts: { idempotencyKey?: string } = {}): Promise<Doc<C>> {
  return frappe.updateDoc(contract.doctype, name, patch, { ...opts, schema: docSchema(contract) });
}

export function deleteDocOf(contract: DoctypeContract, name: string, opts: { idempotencyKey?: string } = {}): Promise<string> {
  return frappe.deleteDoc(contract.doctype, name, opts);
}

export function countOf(contract: DoctypeContract, opts: { signal?: AbortSignal; filters?: Filters } = {}): Promise<number> {
  return frappe.getCount(contract.doctype, opts.filters ?? [], { signal: opts.signal });
}

/** upload_file, with the answer validated by `returns`. */
export function uploadFileAs<R extends v.GenericSchema>(returns: R, file: Blob, args: UploadFileArgs, opts: Omit<UploadOptions, 'schema'> = {}): Promise<v.InferOutput<R>> {
  return frappe.uploadFile(file, args, { ...opts, schema: returns as v.GenericSchema<unknown, v.InferOutput<R>> });
}
