import { isErrorCode, ERROR_CODE_FIELD, type ErrorCode } from '../../contracts/errors';

/** One entry of Frappe's `_server_messages` (a JSON string holding a list of JSON strings). */
export interface ServerMessage {
  message: string;
  title?: string;
  indicator?: string;
}

/** The default messages of the Frappe JS SDK, used when the server's answer carries none. */
export const DEFAULT_MESSAGES = {
  call: 'There was an error.',
  getDoc: 'There was an error while fetching the document.',
  getList: 'There was an error while fetching the documents.',
  createDoc: 'There was an error while creating the document.',
  updateDoc: 'There was an error while updating the document.',
  deleteDoc: 'There was an error while deleting the document.',
  getCount: 'There was an error while getting the count.',
  uploadFile: 'There was an error while uploading the file.',
  login: 'There was an error while logging in',
  getLoggedUser: 'There was an error while fetching the logged in user',
  logout: 'There was an error while logging out',
  resetPassword: 'There was an error sending password reset email.',
} as const;

export type Operation = keyof typeof DEFAULT_MESSAGES;

/** Parses `_server_messages`; anything malformed yields no messages rather than an exception. */
export function parseServerMessages(raw: unknown): ServerMessage[] {
  if (typeof raw !== 'string' || raw === '') return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const out: ServerMessage[] = [];
  for (const item of list) {
    let entry: unknown = item;
    if (typeof item === 'string') {
      try {
        entry = JSON.parse(item);
      } catch {
        entry = item; // a bare string message
      }
    }
    if (typeof entry === 'string') out.push({ message: entry });
    else if (entry && typeof entry === 'object' && 'message' in entry) {
      const e = entry as Record<string, unknown>;
      out.push({
        message: String(e.message ?? ''),
        ...(typeof e.title === 'string' ? { title: e.title } : {}),
        ...(typeof e.indicator === 'string' ? { indicator: e.indicator } : {}),
      });
    }
  }
  return out.filter((m) => m.message !== '');
}

export interface FrappeErrorInit {
  httpStatus: number;
  httpStatusText: string;
  body: Record<string, unknown>;
  defaultMessage: string;
  /** Overrides the message taken from the body (e.g. a response that failed validation). */
  message?: string;
  cause?: unknown;
}

/**
 * What every client call throws: the server's body fields (exc_type, exception, _server_messages...) plus
 * httpStatus, httpStatusText, message and exception, as the Frappe JS SDK does. httpStatus 0 = no answer
 * (offline, DNS, connection reset).
 */
export class FrappeClientError extends Error {
  override readonly name = 'FrappeClientError';
  readonly httpStatus: number;
  readonly httpStatusText: string;
  /** body.exception ?? body.exc_type ?? '' */
  readonly exception: string;
  readonly exc_type?: string;
  readonly _server_messages?: string;
  /** `_server_messages`, parsed. */
  readonly serverMessages: ServerMessage[];
  /** The whole parsed error body ({} when the answer was not JSON). */
  readonly body: Readonly<Record<string, unknown>>;
  readonly [field: string]: unknown;

  constructor(init: FrappeErrorInit) {
    const serverMessages = parseServerMessages(init.body._server_messages);
    const bodyMessage = typeof init.body.message === 'string' && init.body.message !== '' ? init.body.message : undefined;
    const message =
      init.message ?? (serverMessages.length ? serverMessages.map((m) => m.message).join('\n') : bodyMessage) ?? init.defaultMessage;
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    // The body's other fields (exc, home_page...) ride along; ours and the prototype's are never overwritten.
    for (const [key, value] of Object.entries(init.body)) {
      if (!(key in this)) Object.defineProperty(this, key, { value, enumerable: true });
    }
    this.message = message;
    this.httpStatus = init.httpStatus;
    this.httpStatusText = init.httpStatusText;
    this.body = init.body;
    this.serverMessages = serverMessages;
    const exception = init.body.exception ?? init.body.exc_type;
    this.exception = typeof exception === 'string' ? exception : '';
    if (typeof init.body.exc_type === 'string') this.exc_type = init.body.exc_type;
    if (typeof init.body._server_messages === 'string') this._server_messages = init.body._server_messages;
  }

  /** The server's stable machine code for this refusal (`error_code`), when it sent a known one. */
  get code(): ErrorCode | undefined {
    const code = this.body[ERROR_CODE_FIELD];
    return isErrorCode(code) ? code : undefined;
  }

  /** True when the request never got an answer (offline or connection failure). */
  get isNetworkError(): boolean {
    return this.httpStatus === 0;
  }

  /** The Frappe exception class name: exc_type, or parsed from `frappe.exceptions.X: ...`. */
  get excType(): string {
    if (this.exc_type) return this.exc_type;
    const match = /(?:^|\.)(\w+Error|\w+Exception|SessionExpired)\b/.exec(this.exception);
    return match?.[1] ?? '';
  }
}

export const isFrappeClientError = (error: unknown): error is FrappeClientError => error instanceof FrappeClientError;

/** The server's rate limit answered (429): the caller should wait, not fix their input. */
export const isRateLimited = (error: unknown): boolean => isFrappeClientError(error) && error.httpStatus === 429;
