import * as v from 'valibot';
// Frappe's own methods by name, with their answers' schemas alone: the contracts' argument schemas would weigh on
// the first screen for nothing, the client sends what Frappe takes.
import { BootInfoSchema, LoginAnswerSchema, type BootInfo, type LoginAnswer } from '../../contracts/session';
import { createSender, methodPath, resourcePath, validated, type Args, type Credentials, type FrappeClientConfig, type HttpVerb, type Schema, type TokenAuth, type UploadProgress } from './frappe-request';

export { DEFAULT_MESSAGES, FrappeClientError, isFrappeClientError, isRateLimited, parseServerMessages } from './frappe-error';
export type { ServerMessage } from './frappe-error';

export { toQueryString } from './frappe-request';
export type { Args, FrappeClientConfig, HttpVerb, TokenAuth, UploadProgress } from './frappe-request';

/** Frappe filters: [[field, op, value], ...], [[doctype, field, op, value], ...] or {field: value | [op, value]}. */
export type Filters = ReadonlyArray<readonly unknown[]> | Readonly<Record<string, unknown>>;

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

export interface UploadOptions<T = unknown> extends RequestOptions<T> {
  onProgress?: (progress: UploadProgress) => void;
}

export type { BootInfo, LoginAnswer } from '../../contracts/session';

export interface CsrfTokenHolder {
  get(): string | null;
  set(token: string | null | undefined): void;
  /** Re-reads the token from boot (one request however many callers wait). */
  refresh(): Promise<string | null>;
}

export type FrappeClient = ReturnType<typeof createFrappeClient>;

export function createFrappeClient(config: FrappeClientConfig = {}) {
  // Sign-in and sign-out change these; every request reads them as it goes out.
  const session: Credentials = { tokenAuth: config.tokenAuth ?? null, csrfToken: config.csrfToken ?? null };
  let refreshing: Promise<string | null> | undefined;
  const send = createSender(config, session, () => csrf.refresh());

  async function boot(opts: Pick<RequestOptions, 'signal'> = {}): Promise<BootInfo> {
    const answer = await send({ verb: 'GET', path: methodPath('member_rewards.api.boot'), op: 'call', signal: opts.signal });
    const info = validated(answer.body.message, BootInfoSchema, answer, 'call');
    session.csrfToken = info.csrf_token ?? null;
    return info;
  }

  const csrf: CsrfTokenHolder = {
    get: () => session.csrfToken,
    set: (token) => {
      session.csrfToken = token ?? null;
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
      session.tokenAuth = auth;
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

    /**
     * A method that answers with a document of its own rather than `{"message": …}` (a JSON download): the whole
     * parsed body, checked by `schema`. A refusal is a FrappeClientError as with `call`.
     */
    async callRaw<T = unknown>(method: string, args: Args = {}, opts: RequestOptions<T> = {}): Promise<T> {
      const answer = await send({ verb: 'GET', path: methodPath(method), query: args, op: 'call', signal: opts.signal });
      return validated(answer.body, opts.schema, answer, 'call');
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
      if (typeof body.csrf_token === 'string') session.csrfToken = body.csrf_token;
      return body;
    },

    async logout(opts: Pick<RequestOptions, 'signal'> = {}): Promise<Record<string, unknown>> {
      const answer = await send({ verb: 'POST', path: methodPath('logout'), json: {}, op: 'logout', signal: opts.signal });
      session.csrfToken = null;
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

/**
 * The app client's settings, read at each request: the server's render of a member's screen
 * (src/prerender/member-page.tsx) gives it the fetch that answers that member's reads in-process.
 */
export const frappeConfig: FrappeClientConfig = { baseUrl: import.meta.env.VITE_FRAPPE_URL ?? '' };
/** The app's client: same origin by default, or VITE_FRAPPE_URL for a remote Frappe site. */
export const frappe = createFrappeClient(frappeConfig);
