import * as v from 'valibot';
import { DEFAULT_MESSAGES, FrappeClientError, type Operation } from './frappe-error';

/*
 * One exchange with a Frappe server, whatever is asked: the headers every request carries (CSRF token, site name,
 * token, idempotency key, language), fetch for JSON and XMLHttpRequest for uploads (fetch has no upload progress),
 * one resend after a CSRF failure, a status outside 2xx as a FrappeClientError, and the answer checked against
 * its schema. The methods callers use (call, getList, login...) are in ./frappe.ts.
 */

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Args = Readonly<Record<string, unknown>>;
export type Schema<T> = v.GenericSchema<unknown, T>;

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 100 */
  percent: number;
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

export interface Answer {
  status: number;
  statusText: string;
  body: Record<string, unknown>;
}

export interface SendInit {
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

/** What the requests carry that sign-in and sign-out change: read at each request. */
export interface Credentials {
  tokenAuth: TokenAuth | null;
  csrfToken: string | null;
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

export const methodPath = (method: string) => `/api/method/${encodeURI(method)}`;
export const resourcePath = (doctype: string, name?: string) =>
  `/api/resource/${encodeURIComponent(doctype)}${name === undefined ? '' : `/${encodeURIComponent(name)}`}`;

/**
 * The client's `send`: one request (and its one resend with a fresh CSRF token, from `refreshCsrf`), answering the
 * parsed body of a 2xx or throwing a FrappeClientError.
 */
export function createSender(config: FrappeClientConfig, credentials: Credentials, refreshCsrf: () => Promise<string | null>) {
  const baseUrl = (config.baseUrl ?? '').replace(/\/+$/, '');
  const mode: RequestCredentials = config.credentials ?? (baseUrl ? 'include' : 'same-origin');

  const siteName = (): string | null => {
    if (config.siteName !== undefined) return config.siteName;
    return !baseUrl && typeof location !== 'undefined' ? location.hostname : null;
  };

  function headers(opts: { json: boolean; idempotencyKey?: string }): Record<string, string> {
    const h: Record<string, string> = { Accept: 'application/json' };
    if (opts.json) h['Content-Type'] = 'application/json; charset=utf-8';
    if (credentials.csrfToken) h['X-Frappe-CSRF-Token'] = credentials.csrfToken;
    const site = siteName();
    if (site) h['X-Frappe-Site-Name'] = site;
    const { tokenAuth } = credentials;
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
        credentials: mode,
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
      xhr.withCredentials = mode === 'include';
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
  return async function send(init: SendInit): Promise<Answer> {
    const attempt = () => (init.form ? viaXhr({ ...init, form: init.form }) : viaFetch(init));
    let answer = await attempt();
    if (init.verb !== 'GET' && isCsrfFailure(answer)) {
      const token = await refreshCsrf().catch(() => null);
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
  };
}

/** The answer's value checked (and perhaps transformed) by its schema; a mismatch is a FrappeClientError. */
export function validated<T>(value: unknown, schema: Schema<T> | undefined, answer: Answer, op: Operation): T {
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
