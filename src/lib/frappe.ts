import * as v from 'valibot';
// Frappe's own methods by name, with their answers' schemas alone: the contracts' argument schemas would weigh on
// the first screen for nothing, the client sends what Frappe takes.
import { BootInfoSchema, LoginAnswerSchema, type BootInfo, type LoginAnswer } from '../../contracts/session';
import { DEFAULT_MESSAGES, FrappeClientError, type Operation } from './frappe-error';

export { DEFAULT_MESSAGES, FrappeClientError, isFrappeClientError, isRateLimited, parseServerMessages } from './frappe-error';
export type { ServerMessage } from './frappe-error';

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Args = Readonly<Record<string, unknown>>;
/** Frappe filters: [[field, op, value], ...], [[doctype, field, op, value], ...] or {field: value | [op, value]}. */
export type Filters = ReadonlyArray<readonly unknown[]> | Readonly<Record<string, unknown>>;
type Schema<T> = v.GenericSchema<unknown, T>;

export interface RequestOptions<T = unknown> {
  /** Validates (and may transform) the answer; a mismatch throws a FrappeClientError (exc_type ResponseValidationError). */
  schema?: Schema<T>;
  /** Sent as `Idempotency-Key`: the server answers a repeat with the first answer and does nothing twice. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface CallOptions<T = unknown> extends RequestOptions<T> {
  /** GET (default) and DELETE send the args as query params, POST and PUT as a JSON body. */
  verb?: HttpVerb;
}

export interface GetListArgs {
  fields?: readonly string[];
  filters?: Filters;
  orFilters?: Filters;
  /** 'modified desc' or { field: 'modified', order: 'desc' } (order defaults to asc). */
  orderBy?: string | { field: string; order?: 'asc' | 'desc' };
  groupBy?: string;
  /** Page size; Frappe's default is 20, 0 means all (our server caps it). */
  limit?: number;
  limitStart?: number;
  asDict?: boolean;
}

export interface UploadFileArgs {
  isPrivate?: boolean;
  folder?: string;
  fileUrl?: string;
  fileName?: string;
  doctype?: string;
  docname?: string;
  fieldname?: string;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 100 */
  percent: number;
}

export interface UploadOptions<T = unknown> extends RequestOptions<T> {
  onProgress?: (progress: UploadProgress) => void;
}

export interface TokenAuth {
  type: 'token' | 'Bearer';
  token: () => string | null | undefined;
}

export interface FrappeClientConfig {
  /** '' (default) = same origin; else e.g. 'https://erp.example.com' for a remote Frappe site. */
  baseUrl?: string;
  /** Injected in tests; defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  /** Injected in tests; defaults to `new XMLHttpRequest()`. */
  createXhr?: () => XMLHttpRequest;
  tokenAuth?: TokenAuth | null;
  /** X-Frappe-Site-Name; defaults to the page's host name when same-origin. null = never send. */
  siteName?: string | null;
  credentials?: RequestCredentials;
  csrfToken?: string | null;
}

export type { BootInfo, LoginAnswer } from '../../contracts/session';

export interface CsrfTokenHolder {
  get(): string | null;
  set(token: string | null | undefined): void;
  /** Re-reads the token from boot (one request however many callers wait). */
  refresh(): Promise<string | null>;
}

interface Answer {
  status: number;
  statusText: string;
  body: Record<string, unknown>;
}

interface SendInit {
  verb: HttpVerb;
  path: string;
  query?: Args;
  json?: unknown;
  form?: () => FormData;
  op: Operation;
  idempotencyKey?: string;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function parseBody(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : { data: parsed };
  } catch {
    return {}; // an HTML error page from a proxy, say
  }
}

/** Objects and arrays go JSON-encoded (Frappe parses them), scalars as text; null and undefined are left out. */
export function toQueryString(args: Args | undefined): string {
  if (!args) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

const isAbort = (e: unknown) => typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';

function isCsrfFailure(answer: Answer): boolean {
  if (answer.status !== 400) return false;
  const { exc_type, exception } = answer.body;
  return exc_type === 'CSRFTokenError' || (typeof exception === 'string' && exception.includes('CSRFTokenError'));
}

export type FrappeClient = ReturnType<typeof createFrappeClient>;

export function createFrappeClient(config: FrappeClientConfig = {}) {
  const baseUrl = (config.baseUrl ?? '').replace(/\/+$/, '');
  const credentials: RequestCredentials = config.credentials ?? (baseUrl ? 'include' : 'same-origin');
  let tokenAuth = config.tokenAuth ?? null;
  let csrfToken: string | null = config.csrfToken ?? null;
  let refreshing: Promise<string | null> | undefined;

  const siteName = (): string | null => {
    if (config.siteName !== undefined) return config.siteName;
    return !baseUrl && typeof location !== 'undefined' ? location.hostname : null;
  };

  function headers(opts: { json: boolean; idempotencyKey?: string }): Record<string, string> {
    const h: Record<string, string> = { Accept: 'application/json' };
    if (opts.json) h['Content-Type'] = 'application/json; charset=utf-8';
    if (csrfToken) h['X-Frappe-CSRF-Token'] = csrfToken;
    const site = siteName();
    if (site) h['X-Frappe-Site-Name'] = site;
    const token = tokenAuth?.token();
    if (tokenAuth && token) h.Authorization = `${tokenAuth.type} ${token}`;
    if (opts.idempotencyKey) h['Idempotency-Key'] = opts.idempotencyKey;
    // The language on screen (src/lib/i18n sets <html lang>): the server's own sentences come back in it.
    const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
    if (lang) h['Accept-Language'] = lang;
    return h;
  }

  const networkError = (op: Operation, cause: unknown) =>
    new FrappeClientError({ httpStatus: 0, httpStatusText: '', body: {}, defaultMessage: DEFAULT_MESSAGES[op], cause });

  async function viaFetch(init: SendInit): Promise<Answer> {
    const withBody = init.verb === 'POST' || init.verb === 'PUT';
    const url = `${baseUrl}${init.path}${withBody ? '' : toQueryString(init.query)}`;
    const doFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
    let res: Response;
    try {
      res = await doFetch(url, {
        method: init.verb,
        headers: headers({ json: true, idempotencyKey: init.idempotencyKey }),
        body: withBody ? JSON.stringify(init.json ?? {}) : undefined,
        credentials,
        signal: init.signal,
      });
    } catch (e) {
      if (isAbort(e)) throw e;
      throw networkError(init.op, e);
    }
    let text = '';
    try {
      text = await res.text();
    } catch (e) {
      if (isAbort(e)) throw e;
    }
    return { status: res.status, statusText: res.statusText, body: parseBody(text) };
  }

  function viaXhr(init: SendInit & { form: () => FormData }): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const xhr = config.createXhr ? config.createXhr() : new XMLHttpRequest();
      const abort = () => xhr.abort();
      xhr.open('POST', `${baseUrl}${init.path}`, true);
      xhr.withCredentials = credentials === 'include';
      // No Content-Type: the browser writes the multipart boundary itself.
      for (const [key, value] of Object.entries(headers({ json: false, idempotencyKey: init.idempotencyKey }))) {
        xhr.setRequestHeader(key, value);
      }
      if (init.onProgress) {
        const report = init.onProgress;
        xhr.upload.onprogress = (e: ProgressEvent) => {
          const total = e.lengthComputable ? e.total : 0;
          report({ loaded: e.loaded, total, percent: total ? Math.min(100, Math.round((e.loaded / total) * 100)) : 0 });
        };
      }
      xhr.onload = () => {
        init.signal?.removeEventListener('abort', abort);
        resolve({ status: xhr.status, statusText: xhr.statusText, body: parseBody(xhr.responseText) });
      };
      xhr.onerror = xhr.ontimeout = () => reject(networkError(init.op, new Error('upload failed')));
      xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
      if (init.signal?.aborted) return reject(new DOMException('The upload was aborted.', 'AbortError'));
      init.signal?.addEventListener('abort', abort, { once: true });
      xhr.send(init.form());
    });
  }

  /** Sends once; on a CSRF failure of an unsafe request, refreshes the token from boot once and resends. */
  async function send(init: SendInit): Promise<Answer> {
    const attempt = () => (init.form ? viaXhr({ ...init, form: init.form }) : viaFetch(init));
    let answer = await attempt();
    if (init.verb !== 'GET' && isCsrfFailure(answer)) {
      const token = await csrf.refresh().catch(() => null);
      if (token) answer = await attempt();
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new FrappeClientError({
        httpStatus: answer.status,
        httpStatusText: answer.statusText,
        body: answer.body,
        defaultMessage: DEFAULT_MESSAGES[init.op],
      });
    }
    return answer;
  }

  function validated<T>(value: unknown, schema: Schema<T> | undefined, answer: Answer, op: Operation): T {
    if (!schema) return value as T;
    const result = v.safeParse(schema, value);
    if (result.success) return result.output;
    const summary = v.summarize(result.issues);
    throw new FrappeClientError({
      httpStatus: answer.status,
      httpStatusText: answer.statusText,
      body: { exc_type: 'ResponseValidationError', exception: `ResponseValidationError: ${summary}` },
      defaultMessage: DEFAULT_MESSAGES[op],
      message: DEFAULT_MESSAGES[op],
      cause: new v.ValiError(result.issues),
    });
  }

  const methodPath = (method: string) => `/api/method/${encodeURI(method)}`;
  const resourcePath = (doctype: string, name?: string) =>
    `/api/resource/${encodeURIComponent(doctype)}${name === undefined ? '' : `/${encodeURIComponent(name)}`}`;

  async function boot(opts: Pick<RequestOptions, 'signal'> = {}): Promise<BootInfo> {
    const answer = await send({ verb: 'GET', path: methodPath('member_rewards.api.boot'), op: 'call', signal: opts.signal });
    const info = validated(answer.body.message, BootInfoSchema, answer, 'call');
    csrfToken = info.csrf_token ?? null;
    return info;
  }

  const csrf: CsrfTokenHolder = {
    get: () => csrfToken,
    set: (token) => {
      csrfToken = token ?? null;
    },
    refresh: () => {
      refreshing ??= boot()
        .then((info) => info.csrf_token ?? null)
        .finally(() => {
          refreshing = undefined;
        });
      return refreshing;
    },
  };

  return {
    csrf,
    boot,

    setTokenAuth(auth: TokenAuth | null) {
      tokenAuth = auth;
    },

    /** Calls a whitelisted method and returns its `message` (undefined when the server answers `{}`). */
    async call<T = unknown>(method: string, args: Args = {}, opts: CallOptions<T> = {}): Promise<T> {
      const verb = opts.verb ?? 'GET';
      const withBody = verb === 'POST' || verb === 'PUT';
      const answer = await send({
        verb,
        path: methodPath(method),
        ...(withBody ? { json: args } : { query: args }),
        op: 'call',
        idempotencyKey: opts.idempotencyKey,
        signal: opts.signal,
      });
      return validated(answer.body.message, opts.schema, answer, 'call');
    },

    async getList<T = Record<string, unknown>>(doctype: string, args: GetListArgs = {}, opts: RequestOptions<T[]> = {}): Promise<T[]> {
      const orderBy =
        typeof args.orderBy === 'string' ? args.orderBy : args.orderBy && `${args.orderBy.field} ${args.orderBy.order ?? 'asc'}`;
      const answer = await send({
        verb: 'GET',
        path: resourcePath(doctype),
        query: {
          fields: args.fields,
          filters: args.filters,
          or_filters: args.orFilters,
          order_by: orderBy,
          group_by: args.groupBy,
          limit: args.limit,
          limit_start: args.limitStart,
          as_dict: args.asDict,
        },
        op: 'getList',
        signal: opts.signal,
      });
      return validated(answer.body.data, opts.schema, answer, 'getList');
    },

    async getDoc<T = Record<string, unknown>>(doctype: string, name: string, opts: RequestOptions<T> = {}): Promise<T> {
      const answer = await send({ verb: 'GET', path: resourcePath(doctype, name), op: 'getDoc', signal: opts.signal });
      return validated(answer.body.data, opts.schema, answer, 'getDoc');
    },

    async createDoc<T = Record<string, unknown>>(doctype: string, doc: Args, opts: RequestOptions<T> = {}): Promise<T> {
      const answer = await send({
        verb: 'POST',
        path: resourcePath(doctype),
        json: doc,
        op: 'createDoc',
        idempotencyKey: opts.idempotencyKey,
        signal: opts.signal,
      });
      return validated(answer.body.data, opts.schema, answer, 'createDoc');
    },

    async updateDoc<T = Record<string, unknown>>(doctype: string, name: string, patch: Args, opts: RequestOptions<T> = {}): Promise<T> {
      const answer = await send({
        verb: 'PUT',
        path: resourcePath(doctype, name),
        json: patch,
        op: 'updateDoc',
        idempotencyKey: opts.idempotencyKey,
        signal: opts.signal,
      });
      return validated(answer.body.data, opts.schema, answer, 'updateDoc');
    },

    /** Resolves with the server's message ('ok'). */
    async deleteDoc(doctype: string, name: string, opts: Omit<RequestOptions, 'schema'> = {}): Promise<string> {
      const answer = await send({
        verb: 'DELETE',
        path: resourcePath(doctype, name),
        op: 'deleteDoc',
        idempotencyKey: opts.idempotencyKey,
        signal: opts.signal,
      });
      return typeof answer.body.message === 'string' ? answer.body.message : 'ok';
    },

    async getCount(
      doctype: string,
      filters: Filters = [],
      opts: { cache?: boolean; debug?: boolean; signal?: AbortSignal } = {},
    ): Promise<number> {
      const answer = await send({
        verb: 'GET',
        path: methodPath('frappe.client.get_count'),
        query: { doctype, filters, cache: opts.cache ? 1 : undefined, debug: opts.debug ? 1 : undefined },
        op: 'getCount',
        signal: opts.signal,
      });
      return validated(answer.body.message, v.number(), answer, 'getCount');
    },

    /** Multipart upload through XMLHttpRequest (fetch has no upload progress); resolves with the File document. */
    async uploadFile<T = Record<string, unknown>>(file: Blob, args: UploadFileArgs = {}, opts: UploadOptions<T> = {}): Promise<T> {
      const form = () => {
        const fd = new FormData();
        const fileName = args.fileName ?? (file instanceof File ? file.name : 'upload');
        fd.append('file', file, fileName);
        fd.append('is_private', args.isPrivate ? '1' : '0');
        if (args.folder) fd.append('folder', args.folder);
        if (args.fileUrl) fd.append('file_url', args.fileUrl);
        if (args.fileName) fd.append('file_name', args.fileName);
        if (args.doctype) fd.append('doctype', args.doctype);
        if (args.docname) fd.append('docname', args.docname);
        if (args.fieldname) fd.append('fieldname', args.fieldname);
        return fd;
      };
      const answer = await send({
        verb: 'POST',
        path: methodPath('upload_file'),
        form,
        op: 'uploadFile',
        idempotencyKey: opts.idempotencyKey,
        signal: opts.signal,
        onProgress: opts.onProgress,
      });
      return validated(answer.body.message, opts.schema, answer, 'uploadFile');
    },

    /** Username/e-mail and password sign-in; keeps the answer's CSRF token for later writes. */
    async login(credentials: { usr: string; pwd: string; device?: string }, opts: Pick<RequestOptions, 'signal'> = {}): Promise<LoginAnswer> {
      const answer = await send({ verb: 'POST', path: methodPath('login'), json: credentials, op: 'login', signal: opts.signal });
      const body = validated(answer.body, LoginAnswerSchema, answer, 'login');
      if (typeof body.csrf_token === 'string') csrfToken = body.csrf_token;
      return body;
    },

    async logout(opts: Pick<RequestOptions, 'signal'> = {}): Promise<Record<string, unknown>> {
      const answer = await send({ verb: 'POST', path: methodPath('logout'), json: {}, op: 'logout', signal: opts.signal });
      csrfToken = null;
      return answer.body;
    },

    /** The signed-in user's id; a guest gets a 403 FrappeClientError. */
    async getLoggedUser(opts: Pick<RequestOptions, 'signal'> = {}): Promise<string> {
      const answer = await send({
        verb: 'GET',
        path: methodPath('frappe.auth.get_logged_user'),
        op: 'getLoggedUser',
        signal: opts.signal,
      });
      return validated(answer.body.message, v.string(), answer, 'getLoggedUser');
    },

    async resetPassword(user: string, opts: Pick<RequestOptions, 'signal'> = {}): Promise<unknown> {
      const answer = await send({
        verb: 'POST',
        path: methodPath('frappe.core.doctype.user.user.reset_password'),
        json: { user },
        op: 'resetPassword',
        signal: opts.signal,
      });
      return answer.body.message;
    },
  };
}

/** The app's client: same origin by default, or VITE_FRAPPE_URL for a remote Frappe site. */
export const frappe = createFrappeClient({ baseUrl: import.meta.env.VITE_FRAPPE_URL ?? '' });
