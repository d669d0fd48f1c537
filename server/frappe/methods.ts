import * as v from 'valibot';
import type { RequestContext, Allow, SessionRead } from './context';
import { FrappeError } from './errors';
import { validationError } from './errors';
import { isRuleCode, RULE_SENTENCES } from '../../contracts/rule-sentences';
import { hasNul, NUL_REFUSAL } from '../../contracts/args';
import type { ApiScope } from '../../contracts/api-clients';

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface MethodBase<S extends v.GenericSchema> {
  /** Dotted path under /api/method/ (e.g. headless_e_commerce.api.get_profile). */
  path: string;
  verbs: readonly HttpVerb[];
  allow: readonly Allow[];
  /** Validates the arguments (query for GET/DELETE with JSON strings decoded, JSON body for POST/PUT). */
  args: S;
  /** What the method returns becomes `{"message": value}`; undefined gives `{}`. */
  handler(ctx: RequestContext, args: v.InferOutput<S>): Promise<unknown> | unknown;
  /**
   * The scope an API client needs to call the method. A method with a scope is for API clients only (users get a
   * 403); a method without one is closed to every API client.
   */
  scope?: ApiScope;
  /** Read with the caller's session, in the same statement: the handler takes it with `readWithSession`. */
  withSession?: SessionRead<any>;
  /** Skips the CSRF check (login itself, which starts the session). */
  csrfExempt?: boolean;
  /**
   * A GET that changes something (sends an SMS, ends a session), kept because Frappe clients call it so. With a
   * cookie session it needs the CSRF header or a request from one of our own pages, so another site's link or
   * image cannot trigger it.
   */
  sideEffects?: boolean;
}

/**
 * What a method answers, declared by every method (both come from its contract in contracts/):
 * - `returns`, the answer's schema: what `handler` returns, before it is wrapped in `{"message": …}`. The app
 *   validates the answer with the same schema; with `checkAnswers` on (every server test) the dispatcher checks
 *   each answer against it, so a server change that breaks the contract fails a test.
 * - or `raw: true`: the handler writes the reply itself (a redirect, an HTML page, a CSV download, or login's
 *   answer, which Frappe sends unwrapped; `returns` may still describe such a body).
 */
type MethodAnswer = { returns: v.GenericSchema; raw?: false } | { raw: true; returns?: v.GenericSchema };

export type MethodDef<S extends v.GenericSchema = v.GenericSchema> = MethodBase<S> & MethodAnswer;

/**
 * A method's answer already serialised to JSON (a cached catalogue page): sent inside `{"message": …}` as is,
 * without serialising the same object again for every request.
 */
export class JsonText {
  #body: Buffer | undefined;
  constructor(readonly json: string) {}
  /**
   * The whole answer, `{"message": …}`, encoded once: a remembered page is then written as it is, without building,
   * measuring and encoding a 20 KB string again for every request.
   */
  get body(): Buffer {
    return (this.#body ??= Buffer.from(`{"message":${this.json}}`));
  }
}

/** Keeps the generic link between the schema and the handler's argument type. */
export function defineMethod<S extends v.GenericSchema>(def: MethodDef<S>): MethodDef<S> {
  return def;
}


export const nulRefusal = () => validationError(NUL_REFUSAL);

/**
 * Query values arrive as strings; Frappe clients JSON-encode objects and lists. Decode a value when it
 * looks like JSON so schemas can declare the real types.
 */
export function decodeQueryArgs(query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === '_') continue; // jQuery cache-buster, dropped as Frappe does
    if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
      let decoded: unknown;
      try {
        decoded = JSON.parse(value);
      } catch {
        out[key] = value; // not JSON after all: the schema decides whether the raw string is acceptable
        continue;
      }
      // Checked after decoding: the escape `\u0000` is six harmless characters until JSON.parse makes it a NUL.
      if (hasNul(decoded)) throw nulRefusal();
      out[key] = decoded;
      continue;
    }
    out[key] = value;
  }
  return out;
}

type AnySchema = v.GenericSchema<unknown, unknown>;

/**
 * The issue a refusal speaks of: the first one; for a missing argument of an object schema, the issue its own
 * schema gives for an absent value ('Order is required'), not valibot's generic "Invalid key: Expected …".
 */
function firstIssue(issues: readonly v.BaseIssue<unknown>[], schema?: AnySchema): v.BaseIssue<unknown> | undefined {
  const first = issues[0];
  if (!first) return undefined;
  const missing = first.kind === 'schema' && first.type.endsWith('object') && first.received === 'undefined' && first.path?.length === 1;
  const entry = missing && schema && 'entries' in schema ? (schema.entries as Record<string, AnySchema>)[String(first.path![0]!.key)] : undefined;
  if (entry) {
    const absent = v.safeParse(entry, undefined);
    if (!absent.success) return { ...absent.issues[0], path: first.path } as v.BaseIssue<unknown>;
  }
  return first;
}

/**
 * Valibot issues as one readable sentence: the first issue's message, prefixed with its field. A shared rule's
 * message is its code: its English sentence is said instead.
 */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[], schema?: AnySchema): string {
  const first = firstIssue(issues, schema);
  if (!first) return 'Invalid request arguments';
  if (isRuleCode(first.message)) return RULE_SENTENCES[first.message];
  const key = first.path?.map((p) => String(p.key)).join('.');
  const message = first.message;
  // Messages written for users (capitalised sentences) stand alone; valibot's defaults get the field name.
  if (/^[A-Z]/.test(message) && !message.startsWith('Invalid')) return message;
  return key ? `Argument '${key}': ${message}` : message;
}

/** The 417 for arguments that break their schema, with the rule's code when a shared rule was broken. */
export function argumentsRefusal(issues: readonly v.BaseIssue<unknown>[], schema?: AnySchema): FrappeError {
  const first = firstIssue(issues, schema);
  return new FrappeError('ValidationError', describeIssues(issues, schema), { code: isRuleCode(first?.message) ? first.message : undefined });
}

/** Checks a document body against its contract (doctype validate hooks): the output, or a 417 with the first issue. */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, input);
  if (!parsed.success) throw argumentsRefusal(parsed.issues, schema as AnySchema);
  return parsed.output;
}

// Shared with the contracts, which declare the same argument types for the app.
export { flag, hasNul, MAX_OFFSET, noArgs, numeric, offsetArg } from '../../contracts/args';
