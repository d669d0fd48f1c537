import type { FastifyReply } from 'fastify';
import { ERROR_CODE_FIELD, type ErrorCode, type RuleCode } from '../../contracts/errors';
import { RULE_SENTENCES } from '../../contracts/rule-sentences';

/** Frappe's exception classes and the HTTP status each carries (frappe/exceptions.py). */
export const EXC_STATUS = {
  ValidationError: 417,
  MandatoryError: 417,
  LinkExistsError: 417,
  DoesNotExistError: 404,
  PermissionError: 403,
  AuthenticationError: 401,
  SessionExpired: 401,
  DuplicateEntryError: 409,
  CSRFTokenError: 400,
  InvalidRequestError: 400,
  TooManyRequestsError: 429,
  IdempotencyConflict: 409,
  IdempotencyMismatch: 422,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  ServerError: 500,
} as const;

export type ExcType = keyof typeof EXC_STATUS;

export class FrappeError extends Error {
  readonly excType: ExcType;
  readonly status: number;
  readonly title: string;
  /** Extra top-level keys of the body (Frappe's login puts `message` there). */
  readonly extra?: Record<string, unknown>;
  /** The stable machine code the app translates (sent as `error_code`). */
  readonly code?: ErrorCode;

  constructor(
    excType: ExcType,
    message: string,
    opts: { title?: string; extra?: Record<string, unknown>; status?: number; code?: ErrorCode } = {},
  ) {
    super(message);
    this.excType = excType;
    this.status = opts.status ?? EXC_STATUS[excType];
    this.title = opts.title ?? 'Message';
    this.extra = opts.extra;
    this.code = opts.code;
  }
}

export const validationError = (message: string, code?: ErrorCode) => new FrappeError('ValidationError', message, { code });
/** A shared rule broken: its English sentence for Frappe clients, its code for the app. */
export const ruleRefusal = (code: RuleCode) => validationError(RULE_SENTENCES[code], code);
export const permissionError = (message = 'You are not permitted to access this resource.') =>
  new FrappeError('PermissionError', message, { title: 'Not Permitted' });
export const notFound = (message: string) => new FrappeError('DoesNotExistError', message, { title: 'Not Found' });
export const authError = (message = 'Not logged in') => new FrappeError('AuthenticationError', message);
export const tooManyRequests = (message = 'Too many requests. Please try again later.', code?: ErrorCode) =>
  new FrappeError('TooManyRequestsError', message, { code });

/** The body Frappe sends for an exception: exc_type, exception and _server_messages (a JSON list of JSON strings). */
export function errorBody(err: FrappeError) {
  const serverMessage = JSON.stringify({ message: err.message, title: err.title, indicator: 'red', raise_exception: 1 });
  return {
    exc_type: err.excType,
    exception: `frappe.exceptions.${err.excType}: ${err.message}`,
    _server_messages: JSON.stringify([serverMessage]),
    ...err.extra,
    ...(err.code ? { [ERROR_CODE_FIELD]: err.code } : {}),
  };
}

export function sendFrappeError(reply: FastifyReply, err: FrappeError) {
  return reply.status(err.status).type('application/json; charset=utf-8').send(errorBody(err));
}

/** A PostgreSQL error as both drivers report it (PGlite and node-postgres), possibly wrapped by Drizzle. */
interface DatabaseFailure {
  sqlstate: string;
  /** The failing statement, when Drizzle wrapped the error (never its parameters). */
  query?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The SQLSTATE of a database error anywhere in the cause chain, with the statement Drizzle reports. */
export function databaseFailure(err: unknown): DatabaseFailure | null {
  let query: string | undefined;
  for (let e = err as { code?: unknown; query?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth += 1) {
    if (typeof e.query === 'string') query = e.query;
    // Node's own errors (ECONNRESET...) have codes too, but never five upper-case alphanumerics.
    if (typeof e.code === 'string' && SQLSTATE.test(e.code)) return { sqlstate: e.code, query };
  }
  return null;
}

/**
 * What hostile or malformed input can make PostgreSQL refuse, by SQLSTATE (exact code, then class), as a 4xx
 * with a plain sentence. The database's own message is never passed on: it quotes the offending value, and
 * Drizzle's wrapper quotes the statement and every parameter.
 */
const DATABASE_REFUSALS: Array<[RegExp, () => FrappeError]> = [
  [/^22P02$/, () => new FrappeError('ValidationError', 'A value does not have the type its field needs.')],
  [/^22003$/, () => new FrappeError('ValidationError', 'A number is out of range.')],
  [/^2200[78]$/, () => new FrappeError('ValidationError', 'A date or time is not valid.')],
  [/^22001$/, () => new FrappeError('ValidationError', 'A value is too long.')],
  [/^(22021|22P05)$/, () => new FrappeError('ValidationError', 'The request contains a character that is not allowed.')],
  [/^22/, () => new FrappeError('ValidationError', 'A value is not valid.')],
  [/^23505$/, () => new FrappeError('DuplicateEntryError', 'This record already exists.', { title: 'Duplicate Entry' })],
  [/^23502$/, () => new FrappeError('MandatoryError', 'A required value is missing.')],
  [/^23/, () => new FrappeError('ValidationError', 'The change conflicts with other records.')],
  // Too many bind parameters arrive as a protocol violation; statements past PostgreSQL's limits as 54xxx.
  [/^08P01$/, () => new FrappeError('InvalidRequestError', 'The request has too many values.')],
  [/^54/, () => new FrappeError('InvalidRequestError', 'The request is too large or too complex.')],
];

function fromDatabase(failure: DatabaseFailure, production: boolean): FrappeError {
  const refusal = DATABASE_REFUSALS.find(([pattern]) => pattern.test(failure.sqlstate));
  if (refusal) return refusal[1]();
  return new FrappeError('ServerError', production ? 'Internal Server Error' : `Database error (SQLSTATE ${failure.sqlstate})`);
}

/**
 * Map anything thrown to a FrappeError: Fastify's own 4xx (bad JSON, too large) stay 4xx, database refusals of
 * input become 4xx, the rest are 500s. A development 500 names the error but never a statement or a parameter.
 */
export function toFrappeError(err: unknown, production: boolean): FrappeError {
  if (err instanceof FrappeError) return err;
  const e = err as { statusCode?: number; code?: string; message?: string };
  const status = e.statusCode;
  if (status === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE' || e.code === 'FST_FILES_LIMIT') {
    return new FrappeError('PayloadTooLarge', 'The request is too large.');
  }
  if (status === 415) return new FrappeError('UnsupportedMediaType', 'Unsupported content type.');
  if (status && status >= 400 && status < 500) {
    return new FrappeError('InvalidRequestError', (e.message ?? 'Invalid request').slice(0, 200), { status });
  }
  const failure = databaseFailure(err);
  if (failure) return fromDatabase(failure, production);
  return new FrappeError('ServerError', production ? 'Internal Server Error' : String(e.message ?? err).slice(0, 300));
}

/** How much of a failing statement the log keeps: enough to find the query in the code, never the whole of it. */
export const LOGGED_QUERY_CHARS = 500;

/**
 * What the log records of a failed request: the error's class, SQLSTATE and message, and the failing statement
 * cut short, but never its parameters (they carry whatever the caller sent, and password hashes on writes)
 * nor the message of a Drizzle wrapper (which repeats both).
 */
export function loggableError(err: unknown): Record<string, unknown> {
  const failure = databaseFailure(err);
  const e = err as { name?: unknown; message?: unknown; stack?: unknown };
  if (failure) {
    const query = failure.query ?? '';
    return {
      type: 'DatabaseError',
      sqlstate: failure.sqlstate,
      query: query.length > LOGGED_QUERY_CHARS ? `${query.slice(0, LOGGED_QUERY_CHARS)}… (${query.length} characters)` : query,
    };
  }
  const message = String(e?.message ?? err);
  return {
    type: typeof e?.name === 'string' ? e.name : 'Error',
    message: message.slice(0, LOGGED_QUERY_CHARS),
    stack: typeof e?.stack === 'string' ? e.stack.split('\n').slice(0, 8).join('\n').slice(0, 2000) : undefined,
  };
}
