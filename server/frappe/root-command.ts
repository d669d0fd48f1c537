import type { FastifyInstance } from 'fastify';
import { notFound, sendFrappeError } from './errors';

/** Request headers that describe the outer request's body or connection, not the call itself. */
const NOT_FORWARDED = new Set(['content-length', 'content-type', 'transfer-encoding', 'connection', 'expect', 'idempotency-key']);
const NOT_RETURNED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * Frappe's older entry point, `POST /` with `cmd` (form or JSON body): frappe-js-sdk's forgetPassword posts
 * `{cmd: 'frappe.core.doctype.user.user.reset_password', user}` there. Only registered methods are reachable,
 * and each goes through /api/method/<cmd> itself, so sessions, CSRF, roles, verbs, limits and errors are the
 * same as there. The Idempotency-Key stays with this outer request: the hook has already claimed it here.
 */
export async function registerRootCommand(app: FastifyInstance) {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post('/', async (req, reply) => {
      const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      const cmd = body.cmd ?? query.get('cmd');
      if (typeof cmd !== 'string' || !app.methodRegistry.has(cmd)) return sendFrappeError(reply, notFound('Not found: /'));
      const { cmd: _cmd, ...args } = body;
      query.delete('cmd');
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !NOT_FORWARDED.has(k))) as Record<string, string>;
      const res = await app.inject({
        method: 'POST',
        url: `/api/method/${cmd}${query.size ? `?${query}` : ''}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(args),
        remoteAddress: req.socket.remoteAddress,
      });
      reply.status(res.statusCode);
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined && !NOT_RETURNED.has(k)) reply.header(k, v);
      return reply.send(res.rawPayload);
    });
  });
}
