import type { FastifyReply } from 'fastify';
import { ERROR_CODE_FIELD, type ErrorCode } from '../../contracts/errors';

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
export const permissionError = (message = 'You are not permitted to access this resource.') =>
  new FrappeError('PermissionError', message, { title: 'Not Permitted' });
export const notFound = (message: string) => new FrappeError('DoesNotExistError', message, { title: 'Not Found' });
export const authError = (message = 'Not logged in') => new FrappeError('AuthenticationError', message);
export const tooManyRequests = (message = 'Too many requests. Please try again later.') =>
  new FrappeError('TooManyRequestsError', message);

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

/** Map anything thrown to a FrappeError: Fastify's own 4xx (bad JSON, too large) stay 4xx, the rest are 500s. */
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
  return new FrappeError('ServerError', production ? 'Internal Server Error' : String(e.message ?? err));
}
