import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createFrappeClient, DEFAULT_MESSAGES, FrappeClientError, toQueryString } from '@/lib/frappe';

// A fake transport: each test scripts the server's answers; no server, no network.
interface Sent {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials?: RequestCredentials;
}
type Reply = { status?: number; statusText?: string; body?: unknown; raw?: string } | Error;
type Handler = (req: Sent) => Reply | Promise<Reply>;

function fakeFetch(handler: Handler) {
  const sent: Sent[] = [];
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const req: Sent = {
      url: new URL(String(input), 'https://rewards.example'),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    sent.push(req);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const reply = await handler(req);
    if (reply instanceof Error) throw reply;
    const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return { status: reply.status ?? 200, statusText: reply.statusText ?? 'OK', text: async () => text } as Response;
  };
  return { fetch: fetchFn as typeof fetch, sent };
}

/** Frappe's error body: _server_messages is a JSON string of a list of JSON strings. */
function frappeError(excType: string, message: string) {
  return {
    exc_type: excType,
    exception: `frappe.exceptions.${excType}: ${message}`,
    _server_messages: JSON.stringify([JSON.stringify({ message, title: 'Message', indicator: 'red' })]),
  };
}

const client = (handler: Handler, csrfToken: string | null = null) => {
  const f = fakeFetch(handler);
  return { api: createFrappeClient({ fetch: f.fetch, csrfToken, siteName: null }), sent: f.sent };
};

async function caught(promise: Promise<unknown>): Promise<FrappeClientError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FrappeClientError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('requests', () => {
  it('tell the server the language on screen, so its own sentences come back in it', async () => {
    const { api, sent } = client(() => ({ body: { message: 'ok' } }));
    document.documentElement.lang = 'en';
    await api.call('m');
    document.documentElement.lang = 'th';
    await api.call('m', {}, { verb: 'POST' });
    expect(sent.map((r) => r.headers['Accept-Language'])).toEqual(['en', 'th']);
  });

  it('sends a GET method call with JSON-encoded object params and returns message', async () => {
    const { api, sent } = client(() => ({ body: { message: { items: [1] } } }));
    const answer = await api.call('erpnext.e_commerce.api.get_product_filter_data', {
      query_args: { item_group: 'Gift', start: 0 },
      name: 'x',
      skipped: undefined,
    });
    expect(answer).toEqual({ items: [1] });
    const req = sent[0]!;
    expect(req.method).toBe('GET');
    expect(req.url.pathname).toBe('/api/method/erpnext.e_commerce.api.get_product_filter_data');
    expect(JSON.parse(req.url.searchParams.get('query_args')!)).toEqual({ item_group: 'Gift', start: 0 });
    expect(req.url.searchParams.get('name')).toBe('x');
    expect(req.url.searchParams.has('skipped')).toBe(false);
    expect(req.headers.Accept).toBe('application/json');
    expect(req.headers['Content-Type']).toMatch(/^application\/json/);
    expect(req.credentials).toBe('same-origin');
  });

  it('sends POST args as a JSON body with the CSRF token and the idempotency key', async () => {
    const { api, sent } = client(() => ({ body: { message: { name: 'SINV-1' } } }), 'tok-1');
    await api.call('headless_e_commerce.api.add_address', { city: 'Bangkok' }, { verb: 'POST', idempotencyKey: 'k-1' });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.body).toEqual({ city: 'Bangkok' });
    expect(sent[0]!.headers['X-Frappe-CSRF-Token']).toBe('tok-1');
    expect(sent[0]!.headers['Idempotency-Key']).toBe('k-1');
  });

  it('returns undefined when the method answers {}', async () => {
    const { api } = client(() => ({ body: {} }));
    expect(await api.call('x.y', {}, { verb: 'POST' })).toBeUndefined();
  });

  it('builds resource list queries the Frappe way', async () => {
    const { api, sent } = client(() => ({ body: { data: [{ name: 'B1' }] } }));
    const rows = await api.getList('Blog Post', {
      fields: ['name', 'title'],
      filters: [['blog_category', '=', 'news']],
      orderBy: { field: 'modified', order: 'desc' },
      limit: 10,
      limitStart: 20,
    });
    expect(rows).toEqual([{ name: 'B1' }]);
    const q = sent[0]!.url.searchParams;
    expect(sent[0]!.url.pathname).toBe('/api/resource/Blog%20Post');
    expect(q.get('fields')).toBe('["name","title"]');
    expect(q.get('filters')).toBe('[["blog_category","=","news"]]');
    expect(q.get('order_by')).toBe('modified desc');
    expect(q.get('limit')).toBe('10');
    expect(q.get('limit_start')).toBe('20');
  });

  it('reads, creates, updates, deletes and counts documents', async () => {
    const { api, sent } = client((req) => {
      if (req.method === 'DELETE') return { status: 202, body: { message: 'ok' } };
      if (req.url.pathname.endsWith('get_count')) return { body: { message: 3 } };
      return { body: { data: { name: 'Cat 1', title: 'T' } } };
    }, 'tok');
    expect(await api.getDoc('Blog Category', 'Cat 1')).toEqual({ name: 'Cat 1', title: 'T' });
    await api.createDoc('Blog Category', { title: 'T' });
    await api.updateDoc('Blog Category', 'Cat 1', { title: 'T' });
    expect(await api.deleteDoc('Blog Category', 'Cat 1')).toBe('ok');
    expect(await api.getCount('Blog Post')).toBe(3);
    expect(sent.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'GET /api/resource/Blog%20Category/Cat%201',
      'POST /api/resource/Blog%20Category',
      'PUT /api/resource/Blog%20Category/Cat%201',
      'DELETE /api/resource/Blog%20Category/Cat%201',
      'GET /api/method/frappe.client.get_count',
    ]);
    expect(sent[4]!.url.searchParams.get('filters')).toBe('[]');
    expect(sent[4]!.url.searchParams.get('doctype')).toBe('Blog Post');
  });

  it('encodes query strings like the SDK', () => {
    expect(toQueryString({ a: 1, b: true, c: null, d: { x: 1 }, e: 'ไทย' })).toBe(
      '?a=1&b=true&d=%7B%22x%22%3A1%7D&e=%E0%B9%84%E0%B8%97%E0%B8%A2',
    );
    expect(toQueryString({})).toBe('');
  });
});

describe('errors', () => {
  it('carries the body fields plus httpStatus, httpStatusText, message and exception', async () => {
    const { api } = client(() => ({ status: 417, statusText: 'Expectation Failed', body: frappeError('ValidationError', 'ITEM-1 Not in Stock') }));
    const error = await caught(api.call('headless_e_commerce.api.place_order', {}, { verb: 'POST' }));
    expect(error).toBeInstanceOf(Error);
    expect(error.httpStatus).toBe(417);
    expect(error.httpStatusText).toBe('Expectation Failed');
    expect(error.message).toBe('ITEM-1 Not in Stock');
    expect(error.exception).toBe('frappe.exceptions.ValidationError: ITEM-1 Not in Stock');
    expect(error.exc_type).toBe('ValidationError');
    expect(error.excType).toBe('ValidationError');
    expect(typeof error._server_messages).toBe('string');
    expect(error.serverMessages).toEqual([{ message: 'ITEM-1 Not in Stock', title: 'Message', indicator: 'red' }]);
  });

  it("exposes the server's error_code as code, and only a code the contract knows", async () => {
    const known = client(() => ({ status: 417, body: { ...frappeError('ValidationError', 'x'), error_code: 'not_enough_points' } }));
    expect((await caught(known.api.call('m', {}, { verb: 'POST' }))).code).toBe('not_enough_points');
    const unknown = client(() => ({ status: 417, body: { ...frappeError('ValidationError', 'x'), error_code: 'made_up' } }));
    expect((await caught(unknown.api.call('m', {}, { verb: 'POST' }))).code).toBeUndefined();
  });

  it('falls back to exc_type for exception and to body.message for message', async () => {
    const { api } = client(() => ({ status: 401, statusText: 'Unauthorized', body: { exc_type: 'AuthenticationError', message: 'Invalid login credentials' } }));
    const error = await caught(api.login({ usr: 'a', pwd: 'b' }));
    expect(error.exception).toBe('AuthenticationError');
    expect(error.message).toBe('Invalid login credentials');
  });

  it('keeps other body fields on the error', async () => {
    const { api } = client(() => ({ status: 403, body: { exc_type: 'PermissionError', exc: '["trace"]' } }));
    const error = await caught(api.getDoc('User', 'someone'));
    expect(error.exc).toBe('["trace"]');
    expect(error.body.exc).toBe('["trace"]');
  });

  it('uses the SDK default message for each operation when the server gives none', async () => {
    const { api } = client(() => ({ status: 500, statusText: 'Internal Server Error', raw: '<html>oops</html>' }), 'tok');
    const cases: Array<[keyof typeof DEFAULT_MESSAGES, () => Promise<unknown>]> = [
      ['call', () => api.call('x.y')],
      ['getDoc', () => api.getDoc('Item', 'I')],
      ['getList', () => api.getList('Item')],
      ['createDoc', () => api.createDoc('Item', {})],
      ['updateDoc', () => api.updateDoc('Item', 'I', {})],
      ['deleteDoc', () => api.deleteDoc('Item', 'I')],
      ['getCount', () => api.getCount('Item')],
      ['login', () => api.login({ usr: 'u', pwd: 'p' })],
      ['getLoggedUser', () => api.getLoggedUser()],
      ['logout', () => api.logout()],
      ['resetPassword', () => api.resetPassword('a@b.c')],
    ];
    for (const [op, run] of cases) {
      const error = await caught(run());
      expect(error.message, op).toBe(DEFAULT_MESSAGES[op]);
      expect(error.exception, op).toBe('');
      expect(error.httpStatus, op).toBe(500);
    }
    expect(DEFAULT_MESSAGES.call).toBe('There was an error.');
    expect(DEFAULT_MESSAGES.getCount).toBe('There was an error while getting the count.');
  });

  it('reports a request that got no answer as httpStatus 0', async () => {
    const { api } = client(() => new TypeError('Failed to fetch'));
    const error = await caught(api.getList('Branch'));
    expect(error.httpStatus).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe('There was an error while fetching the documents.');
  });

  it('lets an abort through as an AbortError, not a server error', async () => {
    const { api } = client(() => ({ body: { message: 1 } }));
    const controller = new AbortController();
    controller.abort();
    await expect(api.call('x.y', {}, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('response validation', () => {
  const Profile = v.object({ name: v.string(), loyalty_points: v.pipe(v.number(), v.integer()) });

  it('returns the parsed value when the answer fits the schema', async () => {
    const { api } = client(() => ({ body: { message: { name: 'CUST-1', loyalty_points: 24, extra: 1 } } }));
    const profile = await api.call('headless_e_commerce.api.get_profile', {}, { schema: Profile });
    expect(profile).toEqual({ name: 'CUST-1', loyalty_points: 24 });
  });

  it('throws a FrappeClientError when it does not', async () => {
    const { api } = client(() => ({ body: { message: { name: 'CUST-1', loyalty_points: 'many' } } }));
    const error = await caught(api.call('headless_e_commerce.api.get_profile', {}, { schema: Profile }));
    expect(error.exc_type).toBe('ResponseValidationError');
    expect(error.message).toBe('There was an error.');
    expect(error.exception).toMatch(/^ResponseValidationError: /);
    expect(error.httpStatus).toBe(200);
  });
});

describe('CSRF token', () => {
  const csrfFailure = { status: 400, statusText: 'Bad Request', body: frappeError('CSRFTokenError', 'Invalid Request') };

  it('refreshes the token from boot once on a CSRFTokenError and retries', async () => {
    let token = 'fresh';
    const { api, sent } = client((req) => {
      if (req.url.pathname === '/api/method/member_rewards.api.boot') {
        return { body: { message: { user: 'm@x', roles: ['Member'], full_name: 'M', csrf_token: token, branch: null } } };
      }
      return req.headers['X-Frappe-CSRF-Token'] === token ? { body: { message: 'saved' } } : csrfFailure;
    }, 'stale');
    expect(await api.call('honda_api.api_calls.getuser.update_profile', { first_name: 'A' }, { verb: 'POST' })).toBe('saved');
    expect(sent.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'POST /api/method/honda_api.api_calls.getuser.update_profile',
      'GET /api/method/member_rewards.api.boot',
      'POST /api/method/honda_api.api_calls.getuser.update_profile',
    ]);
    expect(sent[2]!.body).toEqual({ first_name: 'A' });
    expect(api.csrf.get()).toBe('fresh');
    token = 'unused';
  });

  it('retries only once, and gives the server error when the refresh does not help', async () => {
    const { api, sent } = client((req) =>
      req.url.pathname.endsWith('boot') ? { body: { message: { user: 'm@x', csrf_token: 'still-wrong' } } } : csrfFailure,
    );
    const error = await caught(api.deleteDoc('Address', 'A-1'));
    expect(error.httpStatus).toBe(400);
    expect(error.exc_type).toBe('CSRFTokenError');
    expect(error.message).toBe('Invalid Request');
    expect(sent).toHaveLength(3);
  });

  it('does not retry when boot says the session is gone', async () => {
    const { api, sent } = client((req) =>
      req.url.pathname.endsWith('boot') ? { body: { message: { user: 'Guest', csrf_token: null } } } : csrfFailure,
    );
    await caught(api.call('x.y', {}, { verb: 'PUT' }));
    expect(sent).toHaveLength(2);
  });

  it('shares one boot request between concurrent failures', async () => {
    const { api, sent } = client((req) => {
      if (req.url.pathname.endsWith('boot')) return { body: { message: { user: 'm@x', csrf_token: 'ok' } } };
      return req.headers['X-Frappe-CSRF-Token'] === 'ok' ? { body: { message: 1 } } : csrfFailure;
    });
    await Promise.all([api.call('a.b', {}, { verb: 'POST' }), api.call('a.c', {}, { verb: 'POST' })]);
    expect(sent.filter((r) => r.url.pathname.endsWith('boot'))).toHaveLength(1);
  });

  it('never retries a GET', async () => {
    const { api, sent } = client(() => csrfFailure);
    await caught(api.call('a.b'));
    expect(sent).toHaveLength(1);
  });

  it('takes the token from the login answer and forgets it at logout', async () => {
    const { api, sent } = client((req) =>
      req.url.pathname === '/api/method/login'
        ? { body: { message: 'No App', home_page: '/', full_name: 'Member', csrf_token: 'from-login' } }
        : { body: {} },
    );
    const answer = await api.login({ usr: 'm@x', pwd: 'pw', device: 'mobile' });
    expect(answer.full_name).toBe('Member');
    expect(sent[0]!.body).toEqual({ usr: 'm@x', pwd: 'pw', device: 'mobile' });
    expect(api.csrf.get()).toBe('from-login');
    await api.logout();
    expect(sent[1]!.headers['X-Frappe-CSRF-Token']).toBe('from-login');
    expect(sent[1]!.body).toEqual({});
    expect(api.csrf.get()).toBeNull();
  });
});

describe('uploadFile', () => {
  class FakeXhr {
    static last: FakeXhr | undefined;
    static reply = { status: 200, body: { message: { name: 'F-1', file_url: '/files/a.png' } } as unknown };
    method = '';
    url = '';
    headers: Record<string, string> = {};
    withCredentials = false;
    sentBody: FormData | undefined;
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
      FakeXhr.last = this;
    }
    setRequestHeader(key: string, value: string) {
      this.headers[key] = value;
    }
    send(body: FormData) {
      this.sentBody = body;
      queueMicrotask(() => {
        this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
        this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
        this.status = FakeXhr.reply.status;
        this.statusText = this.status === 200 ? 'OK' : 'Error';
        this.responseText = JSON.stringify(FakeXhr.reply.body);
        this.onload?.();
      });
    }
    abort() {
      this.onabort?.();
    }
  }

  const uploader = () =>
    createFrappeClient({ csrfToken: 'tok', siteName: null, createXhr: () => new FakeXhr() as unknown as XMLHttpRequest });

  it('posts multipart form data with progress and returns the File document', async () => {
    FakeXhr.reply = { status: 200, body: { message: { name: 'F-1', file_url: '/files/a.png' } } };
    const progress: number[] = [];
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    const doc = await uploader().uploadFile(
      file,
      { isPrivate: false, doctype: 'Blog Post', docname: 'B-1', fieldname: 'meta_image' },
      { onProgress: (p) => progress.push(p.percent) },
    );
    expect(doc).toEqual({ name: 'F-1', file_url: '/files/a.png' });
    expect(progress).toEqual([50, 100]);
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/method/upload_file');
    expect(xhr.headers['X-Frappe-CSRF-Token']).toBe('tok');
    expect(xhr.headers['Content-Type']).toBeUndefined();
    expect(xhr.sentBody?.get('is_private')).toBe('0');
    expect(xhr.sentBody?.get('doctype')).toBe('Blog Post');
    expect(xhr.sentBody?.get('fieldname')).toBe('meta_image');
    const sentFile = xhr.sentBody?.get('file');
    expect(sentFile instanceof File ? sentFile.name : null).toBe('a.png');
  });

  it('maps an upload failure to a FrappeClientError', async () => {
    FakeXhr.reply = { status: 417, body: frappeError('ValidationError', 'You can only upload JPG, PNG, WEBP, PDF or TXT files.') };
    const error = await caught(uploader().uploadFile(new Blob(['x']), {}));
    expect(error.httpStatus).toBe(417);
    expect(error.message).toBe('You can only upload JPG, PNG, WEBP, PDF or TXT files.');
    FakeXhr.reply = { status: 500, body: {} };
    expect((await caught(uploader().uploadFile(new Blob(['x'])))).message).toBe('There was an error while uploading the file.');
  });
});
